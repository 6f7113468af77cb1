import { Table, Text } from "@mantine/core";
import { describeEntry, subjectLabel } from "../lib/auditLog";
import { formatLocalDate, formatLocalTime } from "@vsi/web-common/time";
import type { AuditEntry } from "../lib/types";
import { ScrollTable } from "./ScrollTable";

/** The audit log's entries, newest first, their times in the viewer's zone. */
export function AuditTable({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  // On a phone, Where and Details go under What, so nothing scrolls sideways.
  return (
    <ScrollTable
      label="Audit log entries"
      minWidth={320}
      columns={[
        "When",
        "What happened",
        { title: "Where", visibleFrom: "sm" },
        { title: "Details", visibleFrom: "sm" },
      ]}
      rows={entries}
      rowKey={(entry) => entry.id}
      empty="Nothing recorded matches these filters."
      cells={(entry) => (
        <>
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
        </>
      )}
    />
  );
}
