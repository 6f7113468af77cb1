import "@mantine/core/styles/Skeleton.css";
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { keepPreviousData, useQueries, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense, type ReactNode } from "react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ListPage } from "../../components/ListPage";
import { Loading } from "../../components/Loading";
import { ReportFiltersForm } from "../../components/ReportFiltersForm";
import { QuestionFiguresList } from "../../components/QuestionFiguresList";
import { ReportTabs } from "../../components/ReportTabs";
import { presetRange } from "../../lib/datePresets";
import {
  dayLabel,
  monthLabel,
  printedSite,
  programsOf,
  summaryCsvUrl,
  type MonthFigures,
  type ProgramMonth,
} from "../../lib/funderSummary";
import {
  reportSearch,
  reportTimeZone,
  toBeforeFrom,
  type ReportFilters,
} from "../../lib/reportFilters";
import { loadReportFilters } from "../../lib/reportPrefetch";
import { trpc } from "../../lib/trpc";
import { useStaffTranslation } from "@vsi/i18n";
import { browserTimeZone, todayInZone } from "@vsi/web-common/time";
import classes from "./FunderSummary.module.css";

// recharts is the largest dependency of the staff pages: fetched only when the summary draws it.
const FunderChart = lazy(() => import("../../components/FunderChart"));

export const Route = createFileRoute("/dashboard/reports_/summary")({
  validateSearch: reportSearch,
  loader: loadReportFilters,
  component: FunderSummaryPage,
});

interface Figures {
  visits: number;
  people: number;
  newPeople: number;
  returningPeople: number;
}

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
  // To before From (an address typed or kept): the form says so by To, and nothing is asked.
  const wrongPeriod = toBeforeFrom(filters);
  const summary = useQuery({
    // The questions' words and the answers' labels come in the reader's language.
    ...trpc.reports.summary.queryOptions({ ...filters, timeZone, language }),
    placeholderData: keepPreviousData,
    enabled: !wrongPeriod,
  });
  const shown = wrongPeriod ? undefined : summary.data;
  const programRows = programsOf(shown?.perProgramMonth ?? []);
  // Each program's own figures for its printed page: people and new/returning do not add up
  // across programs, so each is asked for (one program chosen: the summary itself, cached).
  const perProgram = useQueries({
    queries: programRows.map((program) =>
      trpc.reports.summary.queryOptions({
        ...filters,
        programId: program.programId,
        timeZone,
        language,
      }),
    ),
  });
  const site = printedSite(locations, search.locationId);
  const chosenProgram = programs.find((p) => p.id === search.programId);
  const period = t("reports.funder.period", {
    from: dayLabel(filters.from, locale),
    to: dayLabel(filters.to, locale),
  });
  const printReady = Boolean(shown) && perProgram.every((query) => query.data);

  function run(next: ReportFilters) {
    if (
      next.from === filters.from &&
      next.to === filters.to &&
      next.locationId === filters.locationId &&
      next.programId === filters.programId
    )
      void summary.refetch();
    else void navigate({ search: next });
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
                href={summaryCsvUrl(filters, timeZone, language)}
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
          <Text size="xs" c="dimmed">
            {zoneOf
              ? t("reports.funder.zoneOf", { name: zoneOf, zone: timeZone })
              : t("reports.funder.zoneViewer", { zone: timeZone })}
          </Text>
          {wrongPeriod ? null : shown ? (
            <Stack role="region" aria-label={t("reports.funder.figures")} gap="md">
              <Text fw={600}>{period}</Text>
              <FigureCards figures={shown} />
              <Text size="sm" c="dimmed">
                {t("reports.funder.peopleNote")}
              </Text>
              {shown.perProgramMonth.length > 0 ? (
                <>
                  <MonthTable
                    rows={shown.perProgramMonth}
                    label={t("reports.funder.perProgramMonth")}
                  />
                  <Suspense fallback={<Skeleton h={300} />}>
                    <FunderChart
                      rows={shown.perProgramMonth}
                      title={t("reports.funder.perProgramMonth")}
                    />
                  </Suspense>
                </>
              ) : (
                <Text>{t("reports.funder.noVisits")}</Text>
              )}
              <QuestionFiguresList questions={shown.questions} people={shown.people} />
            </Stack>
          ) : summary.isError ? (
            <ErrorAlert>{t("reports.funder.loadFailed")}</ErrorAlert>
          ) : (
            <Loading />
          )}
        </ListPage>
      </div>
      {shown ? (
        <div className={classes.print} data-testid="funder-print">
          {/* First every program together, the people each counted once; a program chosen is
              its own page alone. */}
          {search.programId === undefined || programRows.length === 0 ? (
            <PrintPage
              site={site}
              title={chosenProgram?.Name ?? t("reports.funder.allPrograms")}
              period={period}
              figures={shown}
            >
              {programRows.length === 0 ? (
                <Text>{t("reports.funder.noVisits")}</Text>
              ) : (
                <>
                  <ProgramTable
                    programs={programRows.map((program, i) => ({
                      name: program.programName,
                      figures: perProgram[i]?.data,
                    }))}
                    total={shown}
                  />
                  <MonthTable rows={shown.perMonth} label={t("reports.funder.perMonth")} printed />
                </>
              )}
            </PrintPage>
          ) : null}
          {programRows.map((program, i) => (
            <PrintPage
              key={program.programId}
              site={site}
              title={program.programName}
              period={period}
              figures={perProgram[i]?.data}
            >
              <MonthTable rows={program.months} label={t("reports.funder.programMonths")} printed />
              {perProgram[i]?.data ? (
                <QuestionFiguresList
                  questions={perProgram[i].data.questions}
                  people={perProgram[i].data.people}
                  printed
                />
              ) : null}
            </PrintPage>
          ))}
        </div>
      ) : null}
    </>
  );
}

const figureCards = (figures: Figures, t: (key: string) => string) =>
  [
    [t("reports.funder.visits"), figures.visits],
    [t("reports.funder.people"), figures.people],
    [t("reports.funder.newPeople"), figures.newPeople],
    [t("reports.funder.returningPeople"), figures.returningPeople],
  ] as const;

function FigureCards({ figures }: { figures: Figures }) {
  const { t, formatNumber } = useStaffTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {figureCards(figures, t).map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="xl" fw={700}>
            {formatNumber(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * Visits, people, new and returning people per month: per program and month on screen (a
 * program column when the rows carry one), one program's or every program's months on paper.
 */
function MonthTable({
  rows,
  label,
  printed = false,
}: {
  rows: ReadonlyArray<MonthFigures | ProgramMonth>;
  label: string;
  printed?: boolean;
}) {
  const { t, locale, formatNumber } = useStaffTranslation();
  const withProgram = !printed && rows.some((row) => "programName" in row);
  const table = (
    <Table
      striped={!printed}
      withTableBorder
      className={printed ? classes.printTable : undefined}
      aria-label={printed ? label : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {withProgram ? <Table.Th>{t("reports.funder.program")}</Table.Th> : null}
          <Table.Th>{t("reports.funder.month")}</Table.Th>
          <Table.Th ta="right">{t("reports.funder.visits")}</Table.Th>
          <Table.Th ta="right">{t("reports.funder.people")}</Table.Th>
          <Table.Th ta="right">{t("reports.funder.newPeople")}</Table.Th>
          <Table.Th ta="right">{t("reports.funder.returningPeople")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={"programId" in row ? `${row.programId}-${row.month}` : row.month}>
            {withProgram ? (
              <Table.Td>{"programName" in row ? row.programName : null}</Table.Td>
            ) : null}
            <Table.Td>{monthLabel(row.month, locale)}</Table.Td>
            <Table.Td className={classes.number}>{formatNumber(row.visits)}</Table.Td>
            <Table.Td className={classes.number}>{formatNumber(row.people)}</Table.Td>
            <Table.Td className={classes.number}>{formatNumber(row.newPeople)}</Table.Td>
            <Table.Td className={classes.number}>{formatNumber(row.returningPeople)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  // Paper has no scrolling: the table is the page's width.
  if (printed) return table;
  return (
    // Focusable and named: on a phone a long program or month name scrolls it sideways.
    <Table.ScrollContainer
      type="native"
      minWidth={480}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {table}
    </Table.ScrollContainer>
  );
}

/**
 * The first printed page's programs: each one's own figures, then every program together, where
 * someone who came to two programs counts once.
 */
function ProgramTable({
  programs,
  total,
}: {
  programs: ReadonlyArray<{ name: string; figures: Figures | undefined }>;
  total: Figures;
}) {
  const { t, formatNumber } = useStaffTranslation();
  const cells = (figures: Figures | undefined) =>
    figureCards(figures ?? { visits: 0, people: 0, newPeople: 0, returningPeople: 0 }, t).map(
      ([label, value]) => (
        <Table.Td key={label} className={classes.number}>
          {figures ? formatNumber(value) : ""}
        </Table.Td>
      ),
    );
  return (
    <div className={classes.keepTogether}>
      <Table
        withTableBorder
        className={classes.printTable}
        aria-label={t("reports.funder.perProgram")}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("reports.funder.program")}</Table.Th>
            {figureCards(total, t).map(([label]) => (
              <Table.Th key={label} ta="right">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {programs.map((program) => (
            <Table.Tr key={program.name}>
              <Table.Td>{program.name}</Table.Td>
              {cells(program.figures)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr className={classes.total}>
            <Table.Th scope="row">{t("reports.funder.everyProgramOnce")}</Table.Th>
            {cells(total)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="xs" mt={4}>
        {t("reports.funder.programsNote")}
      </Text>
    </div>
  );
}

/**
 * A sheet a coordinator hands in: the site (its name and logo), the program or all of them, the
 * period, the figures and what they mean, then the tables and answers; it starts a new sheet.
 */
function PrintPage({
  site,
  title,
  period,
  figures,
  children,
}: {
  site: { name: string; logoUrl: string | null } | undefined;
  title: string;
  period: string;
  figures: Figures | undefined;
  children: ReactNode;
}) {
  const { t, formatNumber } = useStaffTranslation();
  return (
    <section className={classes.page} aria-label={title}>
      <Stack gap="sm">
        <div className={classes.keepTogether}>
          <Group justify="space-between" align="center" wrap="nowrap">
            <Text fw={700} size="lg">
              {site?.name ?? t("reports.funder.productName")}
            </Text>
            {site?.logoUrl ? <img className={classes.logo} src={site.logoUrl} alt="" /> : null}
          </Group>
          <Text size="sm" mt="xs">
            {t("reports.funder.printTitle")}
          </Text>
          <Title order={2}>{title}</Title>
          <Text>{period}</Text>
          {figures ? (
            <div className={classes.figures}>
              {figureCards(figures, t).map(([label, value]) => (
                <div key={label} className={classes.figure}>
                  <Text size="xs" tt="uppercase" fw={600}>
                    {label}
                  </Text>
                  <Text size="xl" fw={700}>
                    {formatNumber(value)}
                  </Text>
                </div>
              ))}
            </div>
          ) : null}
          <Text size="xs" mt={4}>
            {t("reports.funder.peopleNote")}
          </Text>
        </div>
        {children}
      </Stack>
    </section>
  );
}
