import "@mantine/core/styles/ColorSwatch.css";
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { monthLabel, type ProgramMonth } from "../lib/funderSummary";

// Loaded lazily by the summary page: recharts stays out of every other page.

interface Props {
  rows: ReadonlyArray<ProgramMonth>;
  title: string;
}

/** A pair of bars (visits, people) for each program's month. */
export default function FunderChart({ rows, title }: Props) {
  const { t, locale } = useStaffTranslation();
  const data = rows.map((row) => ({
    label: `${row.programName} · ${monthLabel(row.month, locale)}`,
    visits: row.visits,
    people: row.people,
  }));
  return (
    <figure style={{ margin: 0 }} data-testid="funder-chart">
      <Text component="figcaption" fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <BarChart
        h={300}
        data={data}
        dataKey="label"
        series={[
          { name: "visits", label: t("reports.funder.visits"), color: "blue.6" },
          { name: "people", label: t("reports.funder.people"), color: "teal.6" },
        ]}
        withLegend
        tickLine="y"
        yAxisProps={{ allowDecimals: false }}
      />
    </figure>
  );
}
