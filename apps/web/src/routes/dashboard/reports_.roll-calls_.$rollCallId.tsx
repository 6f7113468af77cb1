import { Button, Group, Paper, SimpleGrid, Table, Text } from "@mantine/core";
import type { RollCallMark } from "@vsi/api/schemas";
import { browserTimeZone } from "@vsi/web-common/time";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { ListPage } from "../../components/ListPage";
import { ScrollTable } from "../../components/ScrollTable";
import { ButtonLink } from "../../components/links";
import { rollCallCsvUrl } from "../../lib/rollCall";
import { trpc } from "../../lib/trpc";
import classes from "./OnSite.module.css";
import record from "./RollCallRecord.module.css";

export const Route = createFileRoute("/dashboard/reports_/roll-calls_/$rollCallId")({
  component: RollCallRecordPage,
});

/** A mark sent at once arrives within seconds; one this much later waited on a phone offline. */
const queuedMs = 60_000;
const arrivedLate = (m: RollCallMark) =>
  Date.parse(m.receivedAt) - Date.parse(m.markedAt) >= queuedMs;

/** One roll call's record: who started and ended it and when, its counts, and every person's marks. */
function RollCallRecordPage() {
  const id = Number(Route.useParams().rollCallId);
  const { t, formatDateTime, formatTime } = useStaffTranslation();
  const { data: rollCall } = useSuspenseQuery(trpc.rollCalls.get.queryOptions({ id }));
  const kind = t(rollCall.drill ? "rollCalls.drill" : "rollCalls.real");
  const title = t("rollCalls.recordTitle", {
    kind,
    place: rollCall.locationName,
    date: formatDateTime(rollCall.startedAt),
  });
  const mark = (m: RollCallMark) =>
    [
      formatTime(m.markedAt),
      t(m.safe ? "rollCalls.markSafe" : "rollCalls.markUndone"),
      m.markedBy?.name,
      m.device,
      arrivedLate(m) ? t("rollCalls.markArrived", { time: formatTime(m.receivedAt) }) : undefined,
    ]
      .filter(Boolean)
      .join(" · ");
  const fact = (label: string, value: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
  return (
    <ListPage
      title={title}
      actions={
        <Group className={classes.noPrint} gap="sm">
          {rollCall.endedAt === null ? (
            <ButtonLink
              to="/dashboard/roll-calls/$rollCallId"
              params={{ rollCallId: String(id) }}
              color="red"
            >
              {t("rollCall.title")}
            </ButtonLink>
          ) : null}
          <Button
            component="a"
            variant="default"
            href={rollCallCsvUrl(rollCall.id, browserTimeZone())}
            download
          >
            {t("rollCalls.csv")}
          </Button>
          <Button onClick={() => window.print()}>{t("rollCalls.print")}</Button>
        </Group>
      }
    >
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {fact(t("rollCalls.started"), formatDateTime(rollCall.startedAt))}
          {fact(t("rollCalls.startedBy"), rollCall.startedBy?.name ?? "—")}
          {fact(
            t("rollCalls.ended"),
            rollCall.endedAt ? formatDateTime(rollCall.endedAt) : t("rollCalls.open"),
          )}
          {fact(t("rollCalls.endedBy"), rollCall.endedBy?.name ?? "—")}
          {fact(t("rollCalls.kind"), kind)}
          {fact(t("rollCalls.location"), rollCall.locationName)}
          {fact(t("rollCalls.accounted"), String(rollCall.accounted))}
          {fact(t("rollCalls.missing"), String(rollCall.missing))}
        </SimpleGrid>
      </Paper>
      {/* On a phone, the program goes under the name and the status above the marks: no sideways scrolling. */}
      <ScrollTable
        label={title}
        minWidth={300}
        columns={[
          t("rollCalls.name"),
          { title: t("rollCalls.program"), visibleFrom: "sm" },
          { title: t("rollCalls.status"), visibleFrom: "sm" },
          t("rollCalls.marks"),
        ]}
        rows={rollCall.people}
        rowKey={(person) => person.id}
        cells={(person) => {
          const program = person.program ?? t("rollCall.addedPerson");
          const status = person.safe ? (
            t("rollCalls.safe")
          ) : (
            <Text span c="red.9" fw={700}>
              {t("rollCalls.notSafe")}
            </Text>
          );
          return (
            <>
              <Table.Td>
                {person.name || t("rollCalls.erased")}
                <Text hiddenFrom="sm" size="sm" c="gray.8">
                  {program}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{program}</Table.Td>
              <Table.Td visibleFrom="sm">{status}</Table.Td>
              <Table.Td>
                <Text hiddenFrom="sm">{status}</Text>
                {person.marks.length > 0 ? (
                  <ol className={record.marks}>
                    {person.marks.map((m, i) => (
                      <li key={i}>{mark(m)}</li>
                    ))}
                  </ol>
                ) : null}
              </Table.Td>
            </>
          );
        }}
      />
    </ListPage>
  );
}
