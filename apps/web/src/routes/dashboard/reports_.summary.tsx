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
  programsOf,
  summaryCsvUrl,
  type ProgramMonth,
} from "../../lib/funderSummary";
import { reportSearch, reportTimeZone, type ReportFilters } from "../../lib/reportFilters";
import { trpc } from "../../lib/trpc";
import { useStaffTranslation } from "@vsi/i18n";
import { browserTimeZone, todayInZone } from "@vsi/web-common/time";
import classes from "./FunderSummary.module.css";

// recharts is the largest dependency of the staff pages: fetched only when the summary draws it.
const FunderChart = lazy(() => import("../../components/FunderChart"));

export const Route = createFileRoute("/dashboard/reports_/summary")({
  validateSearch: reportSearch,
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
  const { timeZone, zoneOf } = reportTimeZone(locations, search.locationId, browserTimeZone());
  // No period chosen: the last full month, what a monthly report to a funder covers.
  const lastMonth = presetRange("lastMonth", todayInZone(timeZone));
  const filters = {
    from: search.from ?? lastMonth.from,
    to: search.to ?? lastMonth.to,
    locationId: search.locationId,
    programId: search.programId,
  };
  const summary = useQuery({
    // The questions' words and the answers' labels come in the reader's language.
    ...trpc.reports.summary.queryOptions({ ...filters, timeZone, language }),
    placeholderData: keepPreviousData,
  });
  const programRows = programsOf(summary.data?.perProgramMonth ?? []);
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
  const location = locations.find((l) => l.id === search.locationId);
  const period = t("reports.funder.period", {
    from: dayLabel(filters.from, locale),
    to: dayLabel(filters.to, locale),
  });
  const printReady = Boolean(summary.data) && perProgram.every((query) => query.data);

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
            onRun={run}
          />
          <Text size="xs" c="dimmed">
            {zoneOf
              ? t("reports.funder.zoneOf", { name: zoneOf, zone: timeZone })
              : t("reports.funder.zoneViewer", { zone: timeZone })}
          </Text>
          {summary.data ? (
            <Stack role="region" aria-label={t("reports.funder.figures")} gap="md">
              <Text fw={600}>{period}</Text>
              <FigureCards figures={summary.data} />
              <Text size="sm" c="dimmed">
                {t("reports.funder.peopleNote")}
              </Text>
              {summary.data.perProgramMonth.length > 0 ? (
                <>
                  <MonthTable rows={summary.data.perProgramMonth} withProgram />
                  <Suspense fallback={<Skeleton h={300} />}>
                    <FunderChart
                      rows={summary.data.perProgramMonth}
                      title={t("reports.funder.perProgramMonth")}
                    />
                  </Suspense>
                </>
              ) : (
                <Text>{t("reports.funder.noVisits")}</Text>
              )}
              <QuestionFiguresList
                questions={summary.data.questions}
                people={summary.data.people}
              />
            </Stack>
          ) : summary.isError ? (
            <ErrorAlert>{t("reports.funder.loadFailed")}</ErrorAlert>
          ) : (
            <Loading />
          )}
        </ListPage>
      </div>
      {summary.data ? (
        <div className={classes.print} data-testid="funder-print">
          {programRows.length === 0 ? (
            <PrintPage
              site={location}
              title={t("reports.funder.allPrograms")}
              period={period}
              figures={summary.data}
            >
              <Text>{t("reports.funder.noVisits")}</Text>
            </PrintPage>
          ) : null}
          {programRows.map((program, i) => (
            <PrintPage
              key={program.programId}
              site={location}
              title={program.programName}
              period={period}
              figures={perProgram[i]?.data}
            >
              <MonthTable rows={program.months} />
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

function FigureCards({ figures }: { figures: Figures }) {
  const { t, formatNumber } = useStaffTranslation();
  const cards: Array<[string, number]> = [
    [t("reports.funder.visits"), figures.visits],
    [t("reports.funder.people"), figures.people],
    [t("reports.funder.newPeople"), figures.newPeople],
    [t("reports.funder.returningPeople"), figures.returningPeople],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {cards.map(([label, value]) => (
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

/** Visits and people per month (and program, on screen). */
function MonthTable({
  rows,
  withProgram = false,
}: {
  rows: ReadonlyArray<ProgramMonth>;
  withProgram?: boolean;
}) {
  const { t, locale, formatNumber } = useStaffTranslation();
  return (
    // Focusable and named: on a phone a long program or month name scrolls it sideways.
    <Table.ScrollContainer
      type="native"
      minWidth={320}
      tabIndex={0}
      role="region"
      aria-label={t("reports.funder.perProgramMonth")}
    >
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {withProgram ? <Table.Th>{t("reports.funder.program")}</Table.Th> : null}
            <Table.Th>{t("reports.funder.month")}</Table.Th>
            <Table.Th className={classes.number}>{t("reports.funder.visits")}</Table.Th>
            <Table.Th className={classes.number}>{t("reports.funder.people")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.programId}-${row.month}`}>
              {withProgram ? <Table.Td>{row.programName}</Table.Td> : null}
              <Table.Td>{monthLabel(row.month, locale)}</Table.Td>
              <Table.Td className={classes.number}>{formatNumber(row.visits)}</Table.Td>
              <Table.Td className={classes.number}>{formatNumber(row.people)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A sheet a coordinator hands in: the site, the program, the period, its figures and months. */
function PrintPage({
  site,
  title,
  period,
  figures,
  children,
}: {
  site: { Name: string; LogoUrl: string | null } | undefined;
  title: string;
  period: string;
  figures: Figures | undefined;
  children: ReactNode;
}) {
  const { t, formatNumber } = useStaffTranslation();
  return (
    <section className={classes.page} aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text fw={700} size="lg">
            {site?.Name ?? t("reports.funder.productName")}
          </Text>
          {site?.LogoUrl ? <img className={classes.logo} src={site.LogoUrl} alt="" /> : null}
        </Group>
        <div>
          <Text size="sm">{t("reports.funder.printTitle")}</Text>
          <Title order={2}>{title}</Title>
          <Text>{period}</Text>
        </div>
        {figures ? (
          <div className={classes.figures}>
            {(
              [
                [t("reports.funder.visits"), figures.visits],
                [t("reports.funder.people"), figures.people],
                [t("reports.funder.newPeople"), figures.newPeople],
                [t("reports.funder.returningPeople"), figures.returningPeople],
              ] as const
            ).map(([label, value]) => (
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
        {children}
        <Text size="xs">{t("reports.funder.peopleNote")}</Text>
      </Stack>
    </section>
  );
}
