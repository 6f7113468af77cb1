import { Button, Stack, Table, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { browserTimeZone, todayInZone } from "@vsi/web-common/time";
import { lazy, Suspense } from "react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ListPage } from "../../components/ListPage";
import { Loading } from "../../components/Loading";
import { ReportFiltersForm } from "../../components/ReportFiltersForm";
import { ReportTabs } from "../../components/ReportTabs";
import { ScrollTable } from "../../components/ScrollTable";
import { presetRange } from "../../lib/datePresets";
import { dayLabel, summaryCsvUrl } from "../../lib/funderSummary";
import {
  reportSearch,
  reportTimeZone,
  toBeforeFrom,
  type ReportFilters,
} from "../../lib/reportFilters";
import { loadReportFilters } from "../../lib/reportPrefetch";
import { trpc } from "../../lib/trpc";
import type { NetworkSummary, Today } from "../../lib/types";

// recharts is the largest dependency of the staff pages: fetched only when this page draws it.
const NetworkChart = lazy(() => import("../../components/NetworkChart"));

export const Route = createFileRoute("/dashboard/reports_/network")({
  validateSearch: reportSearch,
  loader: loadReportFilters,
  component: NetworkPage,
});

type Totals = NetworkSummary["network"];
type Now = Pick<Today, "signedInNow" | "today" | "thisWeek">;

/**
 * The caller's locations side by side (a network admin's: every one): the dashboard's figures of
 * today and the funder summary's of a period, all of them together first, then each one, with a
 * chart and the period's CSV. The server decides which locations a caller sees.
 */
function NetworkPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { t, locale, language } = useStaffTranslation();
  const number = new Intl.NumberFormat(locale);
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  const { data: reportSettings } = useSuspenseQuery(trpc.reports.settings.queryOptions());
  const { timeZone } = reportTimeZone(locations, search.locationId, browserTimeZone());
  const lastMonth = presetRange("lastMonth", todayInZone(timeZone));
  const filters = {
    from: search.from ?? lastMonth.from,
    to: search.to ?? lastMonth.to,
    locationId: search.locationId,
    programId: search.programId,
  };
  const wrongPeriod = toBeforeFrom(filters);
  const summary = useQuery({
    ...trpc.reports.network.queryOptions({ ...filters, timeZone, language }),
    placeholderData: keepPreviousData,
    enabled: !wrongPeriod,
  });
  const now = useQuery(
    trpc.reports.today.queryOptions({
      locationId: search.locationId,
      programId: search.programId,
      timeZone,
      language,
    }),
  );
  const shown = wrongPeriod ? undefined : summary.data;

  function run(next: ReportFilters) {
    void navigate({ search: next });
  }

  const everyLocation = t("reports.network.allLocations");
  const periodRows: Array<Totals & { key: string; name: string }> = shown
    ? [
        { key: "all", name: everyLocation, ...shown.network },
        ...shown.locations.map((row) => ({
          key: String(row.locationId),
          name: row.locationName,
          ...row,
        })),
      ]
    : [];
  const nowRows: Array<Now & { key: string; name: string }> = now.data
    ? [
        { key: "all", name: everyLocation, ...now.data },
        ...now.data.perLocation.map((row) => ({
          key: String(row.locationId),
          name: row.locationName,
          ...row,
        })),
      ]
    : [];
  // The dashboard's own words for a tally ("2 visits, 1 person").
  const tally = (value: Now["today"]) =>
    t("dashboard.tally", {
      visits: t("dashboard.visits", { count: value.visits, n: number.format(value.visits) }),
      people: t("dashboard.people", { count: value.people, n: number.format(value.people) }),
    });
  const strong = (key: string, text: string) => (key === "all" ? <strong>{text}</strong> : text);

  return (
    <ListPage
      title={t("reports.network.title")}
      actions={
        <Button
          variant="default"
          component="a"
          href={summaryCsvUrl(filters, timeZone, language, "network")}
          download
        >
          {t("reports.funder.csv")}
        </Button>
      }
    >
      <ReportTabs current="network" />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("reports.network.now")}
        </Title>
        {now.isError ? <ErrorAlert>{t("reports.funder.loadFailed")}</ErrorAlert> : null}
        {now.data ? (
          <ScrollTable
            label={t("reports.network.now")}
            minWidth={420}
            columns={[
              t("reports.network.location"),
              t("reports.network.onSite"),
              t("reports.network.today"),
              t("reports.network.thisWeek"),
            ]}
            rows={nowRows}
            rowKey={(row) => row.key}
            cells={(row) => (
              <>
                <Table.Td>{strong(row.key, row.name)}</Table.Td>
                <Table.Td>{number.format(row.signedInNow)}</Table.Td>
                <Table.Td>{tally(row.today)}</Table.Td>
                <Table.Td>{tally(row.thisWeek)}</Table.Td>
              </>
            )}
          />
        ) : now.isPending ? (
          <Loading />
        ) : null}
      </Stack>
      <ReportFiltersForm
        key={JSON.stringify(filters)}
        initial={filters}
        locations={locations}
        programs={programs}
        timeZone={timeZone}
        fiscalYearStartMonth={reportSettings.fiscalYearStartMonth}
        onRun={run}
      />
      {wrongPeriod ? null : shown ? (
        <Stack gap="md" aria-busy={summary.isPlaceholderData}>
          <ScrollTable
            label={t("reports.network.period")}
            caption={t("reports.funder.period", {
              from: dayLabel(filters.from, locale),
              to: dayLabel(filters.to, locale),
            })}
            minWidth={520}
            columns={[
              t("reports.network.location"),
              t("reports.funder.visits"),
              t("reports.funder.people"),
              t("reports.funder.newPeople"),
              t("reports.funder.returningPeople"),
            ]}
            rows={periodRows}
            rowKey={(row) => row.key}
            cells={(row) => (
              <>
                <Table.Td>{strong(row.key, row.name)}</Table.Td>
                <Table.Td>{number.format(row.visits)}</Table.Td>
                <Table.Td>{number.format(row.people)}</Table.Td>
                <Table.Td>{number.format(row.newPeople)}</Table.Td>
                <Table.Td>{number.format(row.returningPeople)}</Table.Td>
              </>
            )}
          />
          <Text size="xs" c="dimmed">
            {t("reports.network.peopleNote")}
          </Text>
          {shown.locations.length > 0 ? (
            <Suspense fallback={<Loading />}>
              <NetworkChart locations={shown.locations} title={t("reports.network.chart")} />
            </Suspense>
          ) : null}
        </Stack>
      ) : summary.isError ? (
        <ErrorAlert>{t("reports.funder.loadFailed")}</ErrorAlert>
      ) : (
        <Loading />
      )}
    </ListPage>
  );
}
