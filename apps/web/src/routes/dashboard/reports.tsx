import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { EditLink } from "../../components/links";
import { ListPage } from "../../components/ListPage";
import { PagedResults } from "../../components/PagedResults";
import { ReportFiltersForm } from "../../components/ReportFiltersForm";
import { ReportSummary } from "../../components/ReportSummary";
import { ReportTable } from "../../components/ReportTable";
import { ReportTabs } from "../../components/ReportTabs";
import { useListSearch } from "../../hooks/useListPage";
import {
  reportCsvUrl,
  reportSearch,
  reportTimeZone,
  signSheetUrl,
  toBeforeFrom,
  type ReportFilters,
  type ReportSearch,
} from "../../lib/reportFilters";
import { loadReportFilters } from "../../lib/reportPrefetch";
import { useStaffTranslation } from "@vsi/i18n";
import { browserTimeZone } from "@vsi/web-common/time";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/dashboard/reports")({
  validateSearch: reportSearch,
  loader: loadReportFilters,
  component: ReportsPage,
});

function ReportsPage() {
  const { search, page, showFilters } = useListSearch<ReportSearch>(Route);
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { timeZone, zoneOf } = reportTimeZone(locations, search.locationId, browserTimeZone());
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  // Quarters and fiscal years count from the organization's first month.
  const { data: reportSettings } = useSuspenseQuery(trpc.reports.settings.queryOptions());
  const { t, language, formatNumber } = useStaffTranslation();
  // Past 100,000 matches the total is an estimate until asked for (counting a million rows takes a while).
  const [exactFor, setExactFor] = useState<string | undefined>();
  const filtersKey = JSON.stringify({ ...search, page: undefined });
  const exactTotal = exactFor === filtersKey ? "true" : undefined;
  // To before From (an address typed or kept): the form says so by To, and nothing is asked.
  const wrongPeriod = toBeforeFrom(search);
  const report = useQuery({
    ...trpc.visits.report.queryOptions({ ...search, page, timeZone, exactTotal }),
    placeholderData: keepPreviousData,
    enabled: !wrongPeriod,
  });
  const filters = {
    from: search.from,
    to: search.to,
    locationId: search.locationId,
    programId: search.programId,
  };
  const signSheet = signSheetUrl(filters, timeZone);
  // Dated reports only: a summary of all history reads every visit, at a million that takes seconds.
  const dated = Boolean(search.from && search.to) && !wrongPeriod;
  const summary = useQuery({
    // Each day's bar split by program, the programs named in the reader's language.
    ...trpc.visits.summaryReport.queryOptions({ ...filters, timeZone, groupBy: "day", language }),
    placeholderData: keepPreviousData,
    enabled: dated,
  });
  // A program chosen: a column per question it asked during the period, retired ones included.
  const questions = useQuery({
    ...trpc.questions.list.queryOptions({
      programId: search.programId,
      asked: "period",
      from: search.from,
      to: search.to,
      timeZone,
    }),
    enabled: search.programId !== undefined && !wrongPeriod,
    placeholderData: keepPreviousData,
  });

  function run(filters: ReportFilters) {
    const next = { ...filters, page: 1 };
    // Run on unchanged filters still means "fetch again"; changed ones refetch through the URL.
    if (sameFilters(next, { ...search, page })) void report.refetch();
    else showFilters(next);
  }

  return (
    <ListPage title={t("reports.title")}>
      <ReportTabs current="visits" />
      <ReportFiltersForm
        key={JSON.stringify(search)}
        initial={search}
        locations={locations}
        programs={programs}
        timeZone={timeZone}
        fiscalYearStartMonth={reportSettings.fiscalYearStartMonth}
        onRun={run}
        onCsv={(filters) => window.open(reportCsvUrl(filters, timeZone), "_blank", "noopener")}
      />
      {dated && summary.data ? (
        <>
          <ReportSummary summary={summary.data} />
          <Text size="xs" c="dimmed">
            {zoneOf
              ? t("reports.zoneOf", { name: zoneOf, zone: timeZone })
              : t("reports.zoneViewer", { zone: timeZone })}
          </Text>
        </>
      ) : dated || wrongPeriod ? null : (
        <Text size="sm" c="dimmed">
          {t("reports.summary.chooseDates")}
        </Text>
      )}
      <Group gap="sm">
        {signSheet ? (
          <Button component="a" href={signSheet} target="_blank" rel="noopener" variant="default">
            {t("reports.signSheet")}
          </Button>
        ) : null}
        <Text size="sm" c="dimmed">
          {t(signSheet ? "reports.signSheetHint" : "reports.signSheetChoose")}
        </Text>
      </Group>
      {wrongPeriod ? null : (
        <PagedResults query={report} failure={t("reports.loadFailed")}>
          {(data) => (
            <>
              {data.totalEstimated ? (
                <Group gap="xs">
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {t("reports.total.about", { total: formatNumber(data.total) })}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setExactFor(filtersKey)}
                  >
                    {t("reports.total.countExactly")}
                  </Button>
                </Group>
              ) : (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t("reports.total.count", { count: data.total, total: formatNumber(data.total) })}
                </Text>
              )}
              <ReportTable
                visits={data.visits}
                timeZone={timeZone}
                questions={search.programId !== undefined ? (questions.data ?? []) : []}
                action={(visit) =>
                  // An erased visit has nothing left to correct.
                  visit.PhoneNumber === "" ? null : (
                    <EditLink
                      to="/dashboard/visits/$visitId/edit"
                      params={{ visitId: String(visit.id) }}
                    />
                  )
                }
              />
            </>
          )}
        </PagedResults>
      )}
    </ListPage>
  );
}

function sameFilters(
  a: ReportFilters & { page: number },
  b: ReportFilters & { page: number },
): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.locationId === b.locationId &&
    a.programId === b.programId &&
    a.page === b.page
  );
}
