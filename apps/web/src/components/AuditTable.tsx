import { Table, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { describeEntry, subjectLabel } from "../lib/auditLog";
import type { AuditEntry } from "../lib/types";
import { ScrollTable } from "./ScrollTable";

/** The audit log's entries, newest first, their times in the viewer's zone. */
export function AuditTable({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  const { t, language, formatDate, formatTime } = useStaffTranslation();
  // On a phone, Where and Details go under What, so nothing scrolls sideways.
  return (
    <ScrollTable
      label={t("audit.entries")}
      minWidth={320}
      columns={[
        t("audit.when"),
        t("audit.what"),
        { title: t("audit.where"), visibleFrom: "sm" },
        { title: t("audit.details"), visibleFrom: "sm" },
      ]}
      rows={entries}
      rowKey={(entry) => entry.id}
      empty={t("audit.empty")}
      cells={(entry) => (
        <>
          <Table.Td style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
            {formatDate(entry.at, timeZone)}
            <br />
            {formatTime(entry.at, timeZone)}
          </Table.Td>
          <Table.Td style={{ verticalAlign: "top" }}>
            {describeEntry(entry, language)}
            <Text hiddenFrom="sm" size="sm" c="dimmed">
              {[entry.location?.name, subjectLabel(entry, language)]
                .filter((part) => part && part !== "—")
                .join(" · ")}
            </Text>
          </Table.Td>
          <Table.Td visibleFrom="sm" style={{ verticalAlign: "top" }}>
            {entry.location?.name ?? "—"}
          </Table.Td>
          <Table.Td visibleFrom="sm" style={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
            {subjectLabel(entry, language)}
          </Table.Td>
        </>
      )}
    />
  );
}
