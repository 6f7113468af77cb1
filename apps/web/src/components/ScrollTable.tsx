import { Table, Text, type MantineBreakpoint, type MantineSpacing } from "@mantine/core";
import type { Key, ReactNode } from "react";

/** A column's header: its title, or the title with where it shows. */
type Column = string | { title: string; visibleFrom?: MantineBreakpoint; className?: string };

export interface ScrollTableProps<Row> {
  /** The region's name, as a screen reader announces it: which table this is. */
  label: string;
  /** A visible title above the header row; it also names the table itself. */
  caption?: ReactNode;
  /** Below this width the table scrolls sideways in its region rather than squeezing. */
  minWidth: number;
  verticalSpacing?: MantineSpacing;
  horizontalSpacing?: MantineSpacing;
  columns: readonly Column[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** One row's cells (Table.Td). */
  cells: (row: Row) => ReactNode;
  /** Said in place of the table when there are no rows; without it, nothing shows. */
  empty?: ReactNode;
}

/** A striped table in a named region that scrolls on a narrow screen. */
export function ScrollTable<Row>({
  label,
  caption,
  minWidth,
  verticalSpacing = "sm",
  horizontalSpacing,
  columns,
  rows,
  rowKey,
  cells,
  empty,
}: ScrollTableProps<Row>) {
  if (rows.length === 0) return empty === undefined ? null : <Text c="dimmed">{empty}</Text>;
  // Focusable and named, so a keyboard user can scroll a wide table on a narrow screen.
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table
        striped
        verticalSpacing={verticalSpacing}
        horizontalSpacing={horizontalSpacing}
        captionSide="top"
      >
        {caption === undefined ? null : (
          <Table.Caption style={{ textAlign: "left", fontWeight: 600 }}>{caption}</Table.Caption>
        )}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const { title, ...props } = typeof column === "string" ? { title: column } : column;
              return (
                <Table.Th key={title} {...props}>
                  {title}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>{cells(row)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
