import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as schemas from "./schemas.ts";

/** Every module the web app pulls in through `@vsi/api/schemas`, following relative imports. */
function importsOf(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(
      /(?:import|export)[^'"]*?from\s+["']([^"']+)["']/g,
    )) {
      if (specifier!.startsWith(".")) visit(path.resolve(path.dirname(file), specifier!));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

describe("the browser-safe schemas entry point", () => {
  it("reaches nothing but zod and files under schemas/", () => {
    const { files, packages } = importsOf(
      path.resolve(import.meta.dirname, "../src/schemas/index.ts"),
    );
    expect(packages).toEqual(["zod"]);
    const schemasDir = path.resolve(import.meta.dirname, "../src/schemas");
    expect(files.filter((file) => path.dirname(file) !== schemasDir)).toEqual([]);
  });

  it("exports the names the web app shares with the server", () => {
    expect(schemas.cookieNames).toEqual({
      session: "session",
      sheetId: "sheet-id",
      sheetToken: "sheet-token",
      xsrf: "XSRF-TOKEN",
      device: "device",
    });
    expect(schemas.xsrfHeader).toBe("x-xsrf-token");
    expect(schemas.invalidLoginMessage).toBe("Invalid email and/or password.");
  });
});
