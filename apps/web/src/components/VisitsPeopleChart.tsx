import "@mantine/core/styles/ColorSwatch.css";
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";

// Imported only by the lazily loaded charts: recharts stays out of every other page.

interface Props {
  /** One pair of bars per row, named by its label. */
  data: Array<{ label: string; visits: number; people: number }>;
  title: string;
  height: number;
  testId: string;
}

/** A pair of bars (visits, people) for each row, as the funder summary and the roll-up draw them. */
export function VisitsPeopleChart({ data, title, height, testId }: Props) {
  const { t } = useStaffTranslation();
  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      <Text component="figcaption" fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <BarChart
        h={height}
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
