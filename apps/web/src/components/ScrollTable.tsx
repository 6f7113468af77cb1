import { Table, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  /** The region's name, as a screen reader announces it. */
  label: string;
  /** Below this width the table scrolls sideways in its region rather than squeezing. */
  minWidth: number;
  verticalSpacing: MantineSpacing;
  /** The header cells (Table.Th). */
  head: ReactNode;
  /** The rows (Table.Tr). */
  children: ReactNode;
}

/** A striped table in a region that scrolls on a narrow screen. */
export function ScrollTable({ label, minWidth, verticalSpacing, head, children }: Props) {
  // Focusable and named, so a keyboard user can scroll a wide table on a narrow screen.
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table striped verticalSpacing={verticalSpacing}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
