import { Table } from "@mantine/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../test/render";
import { ScrollTable } from "./ScrollTable";

interface Fruit {
  id: number;
  name: string;
  origin: string;
}

function fruitTable(rows: Fruit[], extra: { caption?: string; empty?: string } = {}) {
  return renderWithTheme(
    <ScrollTable
      label="Fruit in stock"
      minWidth={320}
      columns={["Fruit", { title: "Origin", className: "origin" }]}
      rows={rows}
      rowKey={(fruit) => fruit.id}
      cells={(fruit) => (
        <>
          <Table.Td>{fruit.name}</Table.Td>
          <Table.Td>{fruit.origin}</Table.Td>
        </>
      )}
      {...extra}
    />,
  );
}

describe("ScrollTable", () => {
  it("puts the table in a focusable region named by its label, one row per item", () => {
    fruitTable([
      { id: 1, name: "Apple", origin: "Kent" },
      { id: 2, name: "Pear", origin: "Anjou" },
    ]);
    const region = screen.getByRole("region", { name: "Fruit in stock" });
    expect(region).toHaveAttribute("tabindex", "0");
    const table = within(region).getByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Fruit" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Origin" })).toHaveClass("origin");
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["AppleKent", "PearAnjou"]);
  });

  it("names the table by its caption, the region still by its label", () => {
    fruitTable([{ id: 1, name: "Apple", origin: "Kent" }], { caption: "Orchard" });
    const region = screen.getByRole("region", { name: "Fruit in stock" });
    expect(within(region).getByRole("table", { name: "Orchard" })).toBeInTheDocument();
  });

  it("says its empty text instead of showing a table without rows, and nothing without one", () => {
    const { unmount } = fruitTable([], { empty: "No fruit today." });
    expect(screen.getByText("No fruit today.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("region")).toBeNull();
    unmount();
    const { container } = fruitTable([]);
    // Mantine's theme adds its style elements; nothing else.
    expect(container.querySelectorAll(":scope > :not(style)")).toHaveLength(0);
  });
});
