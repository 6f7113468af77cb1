import { Table, Text } from "@mantine/core";
import { formatPhone } from "@vsi/web-common/phone";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { ReactNode } from "react";
import { programName, wordsIn } from "@vsi/i18n/languages";
import { answerText } from "../lib/answers";
import type { Question, ReportVisit } from "../lib/types";
import { ScrollTable } from "./ScrollTable";

/** Who ended a visit, when it was not the visitor at the sheet: its words' key. */
const signedOutBy: Partial<Record<NonNullable<ReportVisit["SignedOutBy"]>, string>> = {
  staff: "reports.table.byStaff",
  auto: "reports.table.automatic",
};

/** Where a visit was signed in, when it was not at a tablet's sheet: its words' key. */
const signedInFrom: Partial<Record<ReportVisit["SignedInFrom"], string>> = {
  phone: "reports.table.ownPhone",
  staff: "reports.table.byStaff",
};

/**
 * One row per visit, its times in the report's zone (the location's when one is chosen); an empty
 * Time out means the visitor is still signed in. With `questions` (a program chosen), a column
 * per question with each visit's answer in words; with `action`, a last cell per row (Edit).
 * Programs, questions and answers in the reader's language where they have the words for it.
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
  const { t, language, formatDate, formatTime } = useStaffTranslation();
  const signedOut = (visit: ReportVisit) => {
    const key = visit.SignedOutBy ? signedOutBy[visit.SignedOutBy] : undefined;
    return key ? t(key) : undefined;
  };
  return (
    <ScrollTable
      label={t("reports.table.label")}
      minWidth={900 + 140 * questions.length}
      verticalSpacing="xs"
      columns={[
        t("reports.table.date"),
        t("reports.table.location"),
        t("reports.table.program"),
        t("reports.table.name"),
        t("reports.table.phone"),
        t("reports.table.temperature"),
        t("reports.table.timeIn"),
        t("reports.table.timeOut"),
        ...questions.map((question) => wordsIn(question.Label, language)),
        ...(action ? [t("common.action")] : []),
      ]}
      rows={visits}
      rowKey={(visit) => visit.id}
      empty={t("reports.table.empty")}
      cells={(visit) => (
        <>
          <Table.Td>{formatDate(visit.TimeIn, timeZone)}</Table.Td>
          <Table.Td>{visit.Location?.Name}</Table.Td>
          <Table.Td>{visit.Program ? programName(visit.Program, language) : null}</Table.Td>
          <Table.Td>
            {visit.FirstName} {visit.LastName}
          </Table.Td>
          <Table.Td>{formatPhone(visit.PhoneNumber)}</Table.Td>
          <Table.Td>{visit.Temperature ?? "—"}</Table.Td>
          <Table.Td>
            {formatTime(visit.TimeIn, timeZone)}
            {signedInFrom[visit.SignedInFrom] ? (
              <Text span size="xs" c="dimmed" ml={6}>
                ({t(signedInFrom[visit.SignedInFrom]!)})
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            {visit.TimeOut ? formatTime(visit.TimeOut, timeZone) : ""}
            {signedOut(visit) ? (
              <Text span size="xs" c="dimmed" ml={6}>
                ({signedOut(visit)})
              </Text>
            ) : null}
          </Table.Td>
          {questions.map((question) => (
            <Table.Td key={question.id}>
              {answerText(question, visit.Answers[String(question.id)], language)}
            </Table.Td>
          ))}
          {action ? <Table.Td>{action(visit)}</Table.Td> : null}
        </>
      )}
    />
  );
}
