import { Table, Text } from "@mantine/core";
import { describeEntry, subjectLabel } from "../lib/auditLog";
import { formatLocalDate, formatLocalTime } from "@vsi/web-common/time";
import type { AuditEntry } from "../lib/types";
import { ScrollTable } from "./ScrollTable";

const columns = (
  <>
    <Table.Th>When</Table.Th>
    <Table.Th>What happened</Table.Th>
    <Table.Th visibleFrom="sm">Where</Table.Th>
    <Table.Th visibleFrom="sm">Details</Table.Th>
  </>
);

/** The audit log's entries, newest first, their times in the viewer's zone. */
export function AuditTable({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  // On a phone, Where and Details go under What, so nothing scrolls sideways.
  return (
    <ScrollTable label="Audit log entries" minWidth={320} verticalSpacing="sm" head={columns}>
      {entries.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={4}>Nothing recorded matches these filters.</Table.Td>
        </Table.Tr>
      ) : (
        entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
              {formatLocalDate(entry.at, timeZone)}
              <br />
              {formatLocalTime(entry.at, timeZone)}
            </Table.Td>
            <Table.Td style={{ verticalAlign: "top" }}>
              {describeEntry(entry)}
              <Text hiddenFrom="sm" size="sm" c="dimmed">
                {[entry.location?.name, subjectLabel(entry)]
                  .filter((part) => part && part !== "—")
                  .join(" · ")}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ verticalAlign: "top" }}>
              {entry.location?.name ?? "—"}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
              {subjectLabel(entry)}
            </Table.Td>
          </Table.Tr>
        ))
      )}
    </ScrollTable>
  );
}
