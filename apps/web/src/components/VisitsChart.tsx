import { useStaffTranslation } from "@vsi/i18n/staff";
import "@mantine/core/styles/ColorSwatch.css";
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
// Loaded lazily by ReportSummary and the dashboard: recharts stays out of every other page, the
// tablet's sheet included.

const palette = [
  "blue.6",
  "teal.6",
  "orange.6",
  "grape.6",
  "lime.7",
  "red.6",
  "cyan.7",
  "yellow.7",
  "indigo.5",
  "pink.6",
];

interface Props {
  /** One bar a day (key: YYYY-MM-DD), split into its stack's slices. */
  days: ReadonlyArray<{
    key: string;
    stack?: ReadonlyArray<{ key: string; label: string; count: number }> | undefined;
  }>;
  title: string;
  height?: number;
}

/** Visits per day, each bar split by program (or by location when one program is chosen). */
export default function VisitsChart({ days, title, height = 280 }: Props) {
  // Month and day as the reader writes them: 11-26 in English, 26/11 in Spanish.
  const { language } = useStaffTranslation();
  const tick = (day: string) =>
    language === "es" ? `${day.slice(8)}/${day.slice(5, 7)}` : day.slice(5);
  const sliceLabels = new Map<string, string>();
  for (const group of days)
    for (const slice of group.stack ?? []) sliceLabels.set(slice.key, slice.label);
  const data = days.map((group) => ({
    day: group.key,
    ...Object.fromEntries((group.stack ?? []).map((slice) => [`s${slice.key}`, slice.count])),
  }));
  const series = [...sliceLabels].map(([key, label], i) => ({
    name: `s${key}`,
    label,
    color: palette[i % palette.length]!,
  }));
  return (
    <figure style={{ margin: 0 }} data-testid="visits-chart">
      <Text component="figcaption" fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <BarChart
        h={height}
        data={data}
        dataKey="day"
        type="stacked"
        series={series}
        withLegend={series.length <= 12}
        tickLine="y"
        xAxisProps={{ tickFormatter: tick }}
        yAxisProps={{ allowDecimals: false }}
      />
    </figure>
  );
}
