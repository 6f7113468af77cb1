import { Button, Group, Paper, SimpleGrid, Table, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { ListPage } from "../../components/ListPage";
import { ScrollTable } from "../../components/ScrollTable";
import { ButtonLink } from "../../components/links";
import { rollCallCsv } from "../../lib/rollCall";
import { trpc } from "../../lib/trpc";
import classes from "./OnSite.module.css";

export const Route = createFileRoute("/dashboard/reports_/roll-calls_/$rollCallId")({
  component: RollCallRecordPage,
});

/** One roll call's record: who started and ended it and when, its counts, and every person's mark. */
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
  const download = () => {
    const csv = rollCallCsv(rollCall, {
      headers: [
        t("rollCalls.name"),
        t("rollCalls.program"),
        t("rollCalls.status"),
        t("rollCalls.markedAt"),
        t("rollCalls.markedBy"),
      ],
      safe: t("rollCalls.safe"),
      notSafe: t("rollCalls.notSafe"),
      time: (iso) => formatDateTime(iso),
    });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    link.download = `roll-call-${rollCall.id}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
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
          <Button variant="default" onClick={download}>
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
      <ScrollTable
        label={title}
        minWidth={560}
        columns={[
          t("rollCalls.name"),
          t("rollCalls.program"),
          t("rollCalls.status"),
          t("rollCalls.markedAt"),
          t("rollCalls.markedBy"),
        ]}
        rows={rollCall.people}
        rowKey={(person) => person.id}
        cells={(person) => (
          <>
            <Table.Td>{person.name || t("rollCalls.erased")}</Table.Td>
            <Table.Td>{person.program ?? t("rollCall.addedPerson")}</Table.Td>
            <Table.Td>
              {person.safe ? (
                t("rollCalls.safe")
              ) : (
                <Text span c="red.9" fw={700}>
                  {t("rollCalls.notSafe")}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{person.safe && person.markedAt ? formatTime(person.markedAt) : ""}</Table.Td>
            <Table.Td>{person.safe ? (person.markedBy?.name ?? "") : ""}</Table.Td>
          </>
        )}
      />
    </ListPage>
  );
}
