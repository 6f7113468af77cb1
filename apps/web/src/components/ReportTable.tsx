import { Table, Text } from "@mantine/core";
import { formatPhone } from "@vsi/web-common/phone";
import { formatLocalDate, formatLocalTime } from "@vsi/web-common/time";
import type { ReactNode } from "react";
import { answerText } from "../lib/answers";
import type { Question, ReportVisit } from "../lib/types";
import { ScrollTable } from "./ScrollTable";

/** Who ended a visit, when it was not the visitor at the sheet. */
const signedOutBy: Partial<Record<NonNullable<ReportVisit["SignedOutBy"]>, string>> = {
  staff: "by staff",
  auto: "automatic",
};

/**
 * One row per visit, its times in the report's zone (the location's when one is chosen); an empty
 * Time out means the visitor is still signed in. With `questions` (a program chosen), a column
 * per question with each visit's answer in words; with `action`, a last cell per row (Edit).
 */
export function ReportTable({
  visits,
  timeZone,
  questions = [],
  action,
}: {
  visits: ReportVisit[];
  timeZone: string;
  questions?: readonly Question[];
  action?: (visit: ReportVisit) => ReactNode;
}) {
  return (
    <ScrollTable
      label="Visits report"
      minWidth={900 + 140 * questions.length}
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
        ...questions.map((question) => question.Label.en),
        ...(action ? ["Action"] : []),
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
          <Table.Td>{formatLocalTime(visit.TimeIn, timeZone)}</Table.Td>
          <Table.Td>
            {visit.TimeOut ? formatLocalTime(visit.TimeOut, timeZone) : ""}
            {visit.SignedOutBy && signedOutBy[visit.SignedOutBy] ? (
              <Text span size="xs" c="dimmed" ml={6}>
                ({signedOutBy[visit.SignedOutBy]})
              </Text>
            ) : null}
          </Table.Td>
          {questions.map((question) => (
            <Table.Td key={question.id}>
              {answerText(question, visit.Answers[String(question.id)])}
            </Table.Td>
          ))}
          {action ? <Table.Td>{action(visit)}</Table.Td> : null}
        </>
      )}
    />
  );
}
