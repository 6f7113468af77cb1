import { Button, Group, Select, Text } from "@mantine/core";
import { keepPreviousData, useQueries, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FunderFigures, FunderPrintout } from "../../components/FunderReport";
import { ListPage } from "../../components/ListPage";
import { Loading } from "../../components/Loading";
import { ReportFiltersForm } from "../../components/ReportFiltersForm";
import { QueueWaits } from "../../components/QueueWaits";
import { ReportTabs } from "../../components/ReportTabs";
import { presetRange } from "../../lib/datePresets";
import { dayLabel, printedSite, summaryCsvUrl } from "../../lib/funderSummary";
import { reportTimeZone, toBeforeFrom, type ReportFilters } from "../../lib/reportFilters";
import { loadReportFilters } from "../../lib/reportPrefetch";
import { ageBandChoices, summarySearch } from "../../lib/reportPresets";
import { trpc } from "../../lib/trpc";
import { useStaffTranslation } from "@vsi/i18n";
import { defaultAgeBands, maxWaitDays, periodDays } from "@vsi/api/schemas";
import { browserTimeZone, todayInZone } from "@vsi/web-common/time";
import classes from "../../components/FunderReport.module.css";

export const Route = createFileRoute("/dashboard/reports_/summary")({
  validateSearch: summarySearch,
  loader: loadReportFilters,
  component: FunderSummaryPage,
});

function FunderSummaryPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { t, locale, language } = useStaffTranslation();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  // Quarters and fiscal years count from the organization's first month.
  const { data: reportSettings } = useSuspenseQuery(trpc.reports.settings.queryOptions());
  const { timeZone, zoneOf } = reportTimeZone(locations, search.locationId, browserTimeZone());
  // No period chosen: the last full month, what a monthly report to a funder covers.
  const lastMonth = presetRange("lastMonth", todayInZone(timeZone));
  const filters = {
    from: search.from ?? lastMonth.from,
    to: search.to ?? lastMonth.to,
    locationId: search.locationId,
    programId: search.programId,
  };
  // The bands individuals are counted in: a preset's, chosen below; the summary's own by default.
  const { data: presets } = useQuery(trpc.reportPresets.list.queryOptions());
  const ageBands = search.ageBands ?? defaultAgeBands;
  const asked = { ...filters, ageBands: search.ageBands };
  // To before From (an address typed or kept): the form says so by To, and nothing is asked.
  const wrongPeriod = toBeforeFrom(filters);
  const summary = useQuery({
    // The questions' words and the answers' labels come in the reader's language.
    ...trpc.reports.summary.queryOptions({ ...asked, timeZone, language }),
    placeholderData: keepPreviousData,
    enabled: !wrongPeriod,
  });
  const shown = wrongPeriod ? undefined : summary.data;
  // The line's waits are a location's own (its days in its zone), over at most a year.
  const waitsFor =
    !wrongPeriod &&
    filters.locationId !== undefined &&
    periodDays(filters.from, filters.to) <= maxWaitDays
      ? filters.locationId
      : undefined;
  const waits = useQuery({
    ...trpc.queue.waits.queryOptions({ id: waitsFor ?? 0, from: filters.from, to: filters.to }),
    enabled: waitsFor !== undefined,
  });
  const waitRows = (waitsFor === undefined ? undefined : waits.data)?.filter(
    (row) => filters.programId === undefined || row.Program.id === filters.programId,
  );
  // The last period's figures stay while the new ones load, dimmed: the heading already names the
  // new period, and nothing prints until its own figures are here.
  const updating = summary.isPlaceholderData;
  const programIds = [...new Set(shown?.perProgramMonth.map((row) => row.programId))];
  // Each program's own figures for its printed page: people and new/returning do not add up
  // across programs, so each is asked for (one program chosen: the summary itself, cached).
  const perProgram = useQueries({
    queries: programIds.map((programId) =>
      trpc.reports.summary.queryOptions({ ...asked, programId, timeZone, language }),
    ),
  });
  const perProgramSummaries = new Map(programIds.map((id, i) => [id, perProgram[i]?.data]));
  const site = printedSite(locations, search.locationId);
  const period = t("reports.funder.period", {
    from: dayLabel(filters.from, locale),
    to: dayLabel(filters.to, locale),
  });
  const printReady = Boolean(shown) && !updating && perProgram.every((query) => query.data);

  function run(next: ReportFilters) {
    if (
      next.from === filters.from &&
      next.to === filters.to &&
      next.locationId === filters.locationId &&
      next.programId === filters.programId
    )
      void summary.refetch();
    else void navigate({ search: { ...next, ageBands: search.ageBands } });
  }

  return (
    <>
      <div className={classes.screen}>
        <ListPage
          title={t("reports.funder.title")}
          actions={
            <Group gap="xs">
              <Button
                variant="default"
                component="a"
                href={summaryCsvUrl(asked, timeZone, language)}
                download
              >
                {t("reports.funder.csv")}
              </Button>
              <Button onClick={() => window.print()} disabled={!printReady}>
                {t("reports.funder.print")}
              </Button>
            </Group>
          }
        >
          <ReportTabs current="summary" />
          <ReportFiltersForm
            key={JSON.stringify(filters)}
            initial={filters}
            locations={locations}
            programs={programs}
            timeZone={timeZone}
            fiscalYearStartMonth={reportSettings.fiscalYearStartMonth}
            onRun={run}
          />
          <Select
            label={t("reports.funder.ageBands")}
            description={t("reports.funder.ageBandsHint")}
            data={ageBandChoices(presets ?? [], ageBands)}
            value={ageBands}
            allowDeselect={false}
            onChange={(value) => {
              if (value === null) return;
              void navigate({
                search: { ...search, ageBands: value === defaultAgeBands ? undefined : value },
              });
            }}
            maw={420}
          />
          <Text size="xs" c="dimmed">
            {zoneOf
              ? t("reports.funder.zoneOf", { name: zoneOf, zone: timeZone })
              : t("reports.funder.zoneViewer", { zone: timeZone })}
          </Text>
          {wrongPeriod ? null : shown ? (
            <div className={updating ? classes.updating : undefined} aria-busy={updating}>
              <FunderFigures summary={shown} period={period} />
              {waitRows?.length ? <QueueWaits rows={waitRows} /> : null}
            </div>
          ) : summary.isError ? (
            <ErrorAlert>{t("reports.funder.loadFailed")}</ErrorAlert>
          ) : (
            <Loading />
          )}
        </ListPage>
      </div>
      {shown && !updating ? (
        <FunderPrintout
          summary={shown}
          programs={programs}
          perProgram={perProgramSummaries}
          programId={search.programId}
          site={site}
          period={period}
        />
      ) : null}
    </>
  );
}
