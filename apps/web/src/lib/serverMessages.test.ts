import { passwordMessage } from "@vsi/api/schemas";
import { describe, expect, it } from "vitest";
import { translateServerMessage } from "./serverMessages";

describe("translateServerMessage", () => {
  it("leaves English as the server wrote it", () => {
    expect(translateServerMessage("en", "First name is required")).toBe("First name is required");
  });

  it("says the API's known messages in Spanish, without the field's English name", () => {
    expect(translateServerMessage("es", "First name is required")).toBe(
      "Este campo es obligatorio.",
    );
    expect(translateServerMessage("es", "First name is required.")).toBe(
      "Este campo es obligatorio.",
    );
    expect(translateServerMessage("es", "Name is too long")).toBe("Es demasiado largo.");
    expect(translateServerMessage("es", passwordMessage)).toBe(
      "Mínimo ocho caracteres, con al menos una letra y un número",
    );
  });

  it("shows a message it does not know as it came", () => {
    expect(translateServerMessage("es", "Something new")).toBe("Something new");
  });
});
