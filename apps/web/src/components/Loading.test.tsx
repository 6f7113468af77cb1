import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../test/render";
import { Loading } from "./Loading";

describe("Loading", () => {
  it("is a status named for screen readers, which a plain span may not be", () => {
    renderWithTheme(<Loading />);
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
  });
});
