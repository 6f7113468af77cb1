import { Table, Text } from "@mantine/core";
import { formatPhone } from "@vsi/web-common/phone";
import { formatLocalDate, formatLocalTime } from "@vsi/web-common/time";
import type { ReportVisit } from "../lib/types";
import { ScrollTable } from "./ScrollTable";

/** Who ended a visit, when it was not the visitor at the sheet. */
const signedOutBy: Partial<Record<NonNullable<ReportVisit["SignedOutBy"]>, string>> = {
  staff: "by staff",
  auto: "automatic",
};

/** Where a visit was signed in, when it was not at a tablet's sheet. */
const signedInFrom: Partial<Record<ReportVisit["SignedInFrom"], string>> = {
  phone: "own phone",
  staff: "by staff",
};

/**
 * One row per visit, its times in the report's zone (the location's when one is chosen); an empty
 * Time out means the visitor is still signed in.
 */
export function ReportTable({ visits, timeZone }: { visits: ReportVisit[]; timeZone: string }) {
  return (
    <ScrollTable
      label="Visits report"
      minWidth={900}
      verticalSpacing="xs"
      columns={[
        "Date",
        "Location",
        "Program",
        "Name",
        "Phone number",
        "Temp.",
        "Time in",
        "Time out",
      ]}
      rows={visits}
      rowKey={(visit) => visit.id}
      empty="No visits match these filters."
      cells={(visit) => (
        <>
          <Table.Td>{formatLocalDate(visit.TimeIn, timeZone)}</Table.Td>
          <Table.Td>{visit.Location?.Name}</Table.Td>
          <Table.Td>{visit.Program?.Name}</Table.Td>
          <Table.Td>
            {visit.FirstName} {visit.LastName}
          </Table.Td>
          <Table.Td>{formatPhone(visit.PhoneNumber)}</Table.Td>
          <Table.Td>{visit.Temperature ?? "—"}</Table.Td>
          <Table.Td>
            {formatLocalTime(visit.TimeIn, timeZone)}
            {signedInFrom[visit.SignedInFrom] ? (
              <Text span size="xs" c="dimmed" ml={6}>
                ({signedInFrom[visit.SignedInFrom]})
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            {visit.TimeOut ? formatLocalTime(visit.TimeOut, timeZone) : ""}
            {visit.SignedOutBy && signedOutBy[visit.SignedOutBy] ? (
              <Text span size="xs" c="dimmed" ml={6}>
                ({signedOutBy[visit.SignedOutBy]})
              </Text>
            ) : null}
          </Table.Td>
        </>
      )}
    />
  );
}
