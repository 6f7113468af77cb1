import "@mantine/core/styles/ColorSwatch.css";
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import type { VisitSummary } from "../lib/types";

// Loaded lazily by ReportSummary: recharts stays out of every other page, the tablet's sheet
// included.

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
  summary: VisitSummary;
  title: string;
}

/** Visits per day, each bar split by program (or by location when one program is chosen). */
export default function VisitsChart({ summary, title }: Props) {
  const sliceLabels = new Map<string, string>();
  for (const group of summary.groups)
    for (const slice of group.stack ?? []) sliceLabels.set(slice.key, slice.label);
  const data = summary.groups.map((group) => ({
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
        h={280}
        data={data}
        dataKey="day"
        type="stacked"
        series={series}
        withLegend={series.length <= 12}
        tickLine="y"
        xAxisProps={{ tickFormatter: (day: string) => day.slice(5) }}
        yAxisProps={{ allowDecimals: false }}
      />
    </figure>
  );
}
