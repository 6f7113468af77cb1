import "@mantine/core/styles/Skeleton.css";
import { Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { lazy, Suspense, type ReactNode } from "react";
import { useStaffTranslation } from "@vsi/i18n";
import { programName } from "@vsi/i18n/languages";
import {
  monthLabel,
  programsOf,
  type MonthFigures,
  type NamedProgram,
  type ProgramMonth,
} from "../lib/funderSummary";
import type { FunderSummary } from "../lib/types";
import { QuestionFiguresList } from "./QuestionFiguresList";
import classes from "./FunderReport.module.css";

// The funder summary as a reader sees it, on screen and on paper; the page
// (routes/dashboard/reports_.summary.tsx) asks for the figures in the reader's language, the
// programs' names included.

// recharts is the largest dependency of the staff pages: fetched only when the summary draws it.
const FunderChart = lazy(() => import("./FunderChart"));

interface Figures {
  visits: number;
  people: number;
  newPeople: number;
  returningPeople: number;
}

/** The period's figures on screen: the totals, each program's months (a table and a chart), the answers. */
export function FunderFigures({ summary, period }: { summary: FunderSummary; period: string }) {
  const { t } = useStaffTranslation();
  const rows = summary.perProgramMonth;
  return (
    <Stack role="region" aria-label={t("reports.funder.figures")} gap="md">
      <Text fw={600}>{period}</Text>
      <FigureCards figures={summary} />
      <Text size="sm" c="dimmed">
        {t("reports.funder.peopleNote")}
      </Text>
      <HouseholdTable summary={summary} />
      {rows.length > 0 ? (
        <>
          <MonthTable rows={rows} label={t("reports.funder.perProgramMonth")} />
          <Suspense fallback={<Skeleton h={300} />}>
            <FunderChart rows={rows} title={t("reports.funder.perProgramMonth")} />
          </Suspense>
        </>
      ) : (
        <Text>{t("reports.funder.noVisits")}</Text>
      )}
      <QuestionFiguresList questions={summary.questions} people={summary.people} />
    </Stack>
  );
}

/**
 * The printout: first every program together, the people each counted once (a program chosen is
 * its own page alone), then a page per program with its months and answers.
 */
export function FunderPrintout({
  summary,
  programs,
  perProgram,
  programId,
  site,
  period,
}: {
  summary: FunderSummary;
  /** The catalogue's programs: a chosen one with no visits heads its page with its name. */
  programs: ReadonlyArray<NamedProgram>;
  /** Each program's own summary, by its id, once it has come. */
  perProgram: ReadonlyMap<number, FunderSummary | undefined>;
  /** The program chosen, if any. */
  programId: number | undefined;
  site: { name: string; logoUrl: string | null } | undefined;
  period: string;
}) {
  const { t, language } = useStaffTranslation();
  const programRows = programsOf(summary.perProgramMonth);
  const chosen = programs.find((program) => program.id === programId);
  return (
    <div className={classes.print} data-testid="funder-print">
      {programId === undefined || programRows.length === 0 ? (
        <PrintPage
          site={site}
          title={chosen ? programName(chosen, language) : t("reports.funder.allPrograms")}
          period={period}
          figures={summary}
        >
          {programRows.length === 0 ? (
            <Text>{t("reports.funder.noVisits")}</Text>
          ) : (
            <>
              <HouseholdTable summary={summary} printed />
              <ProgramTable
                programs={programRows.map((program) => ({
                  name: program.programName,
                  figures: perProgram.get(program.programId),
                }))}
                total={summary}
              />
              <MonthTable rows={summary.perMonth} label={t("reports.funder.perMonth")} printed />
            </>
          )}
        </PrintPage>
      ) : null}
      {programRows.map((program) => {
        const own = perProgram.get(program.programId);
        return (
          <PrintPage
            key={program.programId}
            site={site}
            title={program.programName}
            period={period}
            figures={own}
          >
            {own ? <HouseholdTable summary={own} printed /> : null}
            <MonthTable rows={program.months} label={t("reports.funder.programMonths")} printed />
            {own ? (
              <QuestionFiguresList questions={own.questions} people={own.people} printed />
            ) : null}
          </PrintPage>
        );
      })}
    </div>
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

/** An age band as the query names it ("0-17", "65-", "unknown"), in words. */
function bandName(band: string, t: (key: string, values?: Record<string, string>) => string) {
  if (band === "unknown") return t("reports.funder.ageUnknown");
  const [from = "", to = ""] = band.split("-");
  return to ? t("reports.funder.ageBand", { from, to }) : t("reports.funder.ageAndOver", { from });
}

/**
 * Households served, new ones, the individuals in them (and those who came without one), and the
 * individuals by age band: what a food bank's monthly report asks for, once households came.
 */
function HouseholdTable({
  summary,
  printed = false,
}: {
  summary: Pick<FunderSummary, "households" | "newHouseholds" | "individuals" | "ageBands">;
  printed?: boolean;
}) {
  const { t, formatNumber } = useStaffTranslation();
  // A site that signs in no households has no households to report, as its CSV has none.
  if (summary.households === 0) return null;
  const label = t("reports.funder.householdsTitle");
  const rows: Array<[string, number]> = [
    [t("reports.funder.households"), summary.households],
    [t("reports.funder.newHouseholds"), summary.newHouseholds],
    [t("reports.funder.individuals"), summary.individuals],
    ...summary.ageBands.map(({ band, count }) => [bandName(band, t), count] as [string, number]),
  ];
  return (
    <div className={printed ? classes.keepTogether : undefined}>
      <Table
        withTableBorder
        striped={!printed}
        className={printed ? classes.printTable : undefined}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right">{t("reports.funder.count")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([name, value], at) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" fw={at < 3 ? 600 : 400} pl={at < 3 ? undefined : "lg"}>
                {name}
              </Table.Th>
              <Table.Td className={classes.number}>{formatNumber(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" mt={4} c={printed ? undefined : "dimmed"}>
        {t("reports.funder.householdsNote")}
      </Text>
    </div>
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
