import "@mantine/core/styles/Skeleton.css";
import { Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { lazy, Suspense, type ReactNode } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { StreamsState } from "../hooks/useLocationStreams";
import type { Today } from "../lib/types";
import { AnchorLink } from "./links";

// recharts is the largest dependency of the staff pages: fetched only when the dashboard draws it.
const VisitsChart = lazy(() => import("./VisitsChart"));

type Tally = Today["today"];

/** One figure: what it is, then its number(s) as a link to the page that explains it. */
function Figure({
  label,
  children,
  note,
}: {
  label: string;
  children: ReactNode;
  note?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={label}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} aria-hidden="true">
          {label}
        </Text>
        {children}
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * What is happening at the shown locations: who is in, today and this week against last week, the
 * busiest program, the last 14 days. Each figure links to the report (its filters in the address)
 * or the On site page that lists what it counts.
 */
export function TodayFigures({
  today,
  locationId,
  freshness,
}: {
  today: Today;
  locationId?: number | undefined;
  /** Whether "on site now" follows the streams, or polls while they are not all listening. */
  freshness: StreamsState;
}) {
  const { t, locale } = useStaffTranslation();
  const number = new Intl.NumberFormat(locale);
  const { dates } = today;
  const visits = (count: number) => t("dashboard.visits", { count, n: number.format(count) });
  const people = (count: number) => t("dashboard.people", { count, n: number.format(count) });
  const tally = (value: Tally) =>
    t("dashboard.tally", { visits: visits(value.visits), people: people(value.people) });
  const report = (from: string, to: string, programId?: number) => ({
    to: "/dashboard/reports" as const,
    search: { from, to, locationId, programId },
  });
  const big = (text: string) => (
    <Text component="span" fz={{ base: "lg", sm: "xl" }} fw={700} display="block">
      {text}
    </Text>
  );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={t("dashboard.now.label")}>
          <AnchorLink to="/dashboard/on-site" search={{ locationId }}>
            {big(
              t("dashboard.now.value", {
                count: today.signedInNow,
                n: number.format(today.signedInNow),
              }),
            )}
          </AnchorLink>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(`dashboard.freshness.${freshness}`)}
          </Text>
        </Figure>
        <Figure
          label={t("dashboard.today.label")}
          note={
            <AnchorLink {...report(dates.sameDayLastWeek, dates.sameDayLastWeek)} inherit>
              {t("dashboard.today.before", { tally: tally(today.sameDayLastWeek) })}
            </AnchorLink>
          }
        >
          <AnchorLink {...report(dates.today, dates.today)}>
            {big(visits(today.today.visits))}
            <Text component="span" display="block">
              {people(today.today.people)}
            </Text>
          </AnchorLink>
        </Figure>
        <Figure
          label={t("dashboard.week.label")}
          note={
            <AnchorLink {...report(dates.lastWeekStart, dates.lastWeekEnd)} inherit>
              {t("dashboard.week.before", { tally: tally(today.lastWeek) })}
            </AnchorLink>
          }
        >
          <AnchorLink {...report(dates.weekStart, dates.today)}>
            {big(visits(today.thisWeek.visits))}
            <Text component="span" display="block">
              {people(today.thisWeek.people)}
            </Text>
          </AnchorLink>
        </Figure>
        <Figure label={t("dashboard.busiest.label")}>
          {today.busiestProgram ? (
            <AnchorLink {...report(dates.today, dates.today, today.busiestProgram.id)}>
              {big(today.busiestProgram.Name)}
              <Text component="span" display="block">
                {t("dashboard.busiest.visits", {
                  visits: visits(today.busiestProgram.visits),
                })}
              </Text>
            </AnchorLink>
          ) : (
            <Text>{t("dashboard.busiest.none")}</Text>
          )}
        </Figure>
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md">
        {today.days.some((d) => d.visits > 0) ? (
          <>
            <Suspense fallback={<Skeleton h={200} />}>
              <VisitsChart
                days={today.days.map((d) => ({ key: d.date, stack: d.stack }))}
                title={t("dashboard.chart.title")}
                height={200}
              />
            </Suspense>
            <AnchorLink {...report(dates.chartFrom, dates.today)} size="sm">
              {t("dashboard.chart.link")}
            </AnchorLink>
          </>
        ) : (
          <Text size="sm">{t("dashboard.chart.none")}</Text>
        )}
      </Paper>
    </Stack>
  );
}
