import { Stack, Table, Text, Title } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n";
import { programName } from "@vsi/i18n/languages";
import { dayLabel } from "../lib/funderSummary";
import type { QueueWait } from "../lib/types";
import { ScrollTable } from "./ScrollTable";
import classes from "./FunderReport.module.css";

/**
 * A location's line in a period: per day and program, how many took a number, how many were
 * called, and how long they waited from sign-in to call (half of them at most the median, nine in
 * ten at most the 90th percentile).
 */
export function QueueWaits({ rows }: { rows: readonly QueueWait[] }) {
  const { t, locale, language, formatNumber } = useStaffTranslation();
  const title = t("reports.waits.title");
  const minutes = (value: number | null) =>
    value === null ? "—" : t("reports.waits.minutes", { minutes: formatNumber(value) });
  return (
    <Stack component="section" gap="xs" mt="lg" data-testid="queue-waits">
      <Title order={2} size="h4">
        {title}
      </Title>
      <ScrollTable
        label={title}
        minWidth={640}
        verticalSpacing="xs"
        columns={[
          t("reports.waits.day"),
          t("reports.funder.program"),
          // The waits first, so a phone sees them before it scrolls sideways.
          ...(["median", "p90", "called", "numbered", "longest"] as const).map((key) => ({
            title: t(`reports.waits.${key}`),
            className: classes.number,
          })),
        ]}
        rows={rows}
        rowKey={(row) => `${row.day}-${row.Program.id}`}
        cells={(row) => (
          <>
            <Table.Td>{dayLabel(row.day, locale, "medium")}</Table.Td>
            <Table.Td>{programName(row.Program, language)}</Table.Td>
            <Table.Td className={classes.number}>{minutes(row.medianWaitMinutes)}</Table.Td>
            <Table.Td className={classes.number}>{minutes(row.p90WaitMinutes)}</Table.Td>
            <Table.Td className={classes.number}>{formatNumber(row.called)}</Table.Td>
            <Table.Td className={classes.number}>{formatNumber(row.numbered)}</Table.Td>
            <Table.Td className={classes.number}>{minutes(row.longestWaitMinutes)}</Table.Td>
          </>
        )}
      />
      <Text size="xs" c="dimmed">
        {t("reports.waits.note")}
      </Text>
    </Stack>
  );
}
