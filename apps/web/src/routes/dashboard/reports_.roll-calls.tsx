import { Table, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { ListPage } from "../../components/ListPage";
import { ReportTabs } from "../../components/ReportTabs";
import { ScrollTable } from "../../components/ScrollTable";
import { AnchorLink } from "../../components/links";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/dashboard/reports_/roll-calls")({
  component: RollCallsPage,
});

/** Reports → Roll calls: every roll call and drill, newest first, each opening its record. */
function RollCallsPage() {
  const { t, formatDateTime } = useStaffTranslation();
  const { data: rollCalls } = useSuspenseQuery(trpc.rollCalls.list.queryOptions({}));
  return (
    <ListPage title={t("rollCalls.title")} actions={<ReportTabs current="rollCalls" />}>
      <ScrollTable
        label={t("rollCalls.title")}
        minWidth={640}
        columns={[
          t("rollCalls.started"),
          t("rollCalls.kind"),
          t("rollCalls.location"),
          t("rollCalls.accounted"),
          t("rollCalls.missing"),
          t("rollCalls.ended"),
        ]}
        rows={rollCalls}
        rowKey={(rollCall) => rollCall.id}
        empty={t("rollCalls.empty")}
        cells={(rollCall) => {
          const kind = t(rollCall.drill ? "rollCalls.drill" : "rollCalls.real");
          const started = formatDateTime(rollCall.startedAt);
          return (
            <>
              <Table.Td>
                <AnchorLink
                  to="/dashboard/reports/roll-calls/$rollCallId"
                  params={{ rollCallId: String(rollCall.id) }}
                  aria-label={t("rollCalls.view", { kind, date: started })}
                >
                  {started}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{kind}</Table.Td>
              <Table.Td>{rollCall.locationName}</Table.Td>
              <Table.Td>{rollCall.accounted}</Table.Td>
              <Table.Td>{rollCall.missing}</Table.Td>
              <Table.Td>
                {rollCall.endedAt ? (
                  formatDateTime(rollCall.endedAt)
                ) : (
                  <Text span c="red.9" fw={700}>
                    {t("rollCalls.open")}
                  </Text>
                )}
              </Table.Td>
            </>
          );
        }}
      />
    </ListPage>
  );
}
