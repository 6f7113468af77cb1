import "@mantine/core/styles/ColorSwatch.css";
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { NetworkSummary } from "../lib/types";

// Loaded lazily by the roll-up's page: recharts stays out of every other page.

interface Props {
  locations: NetworkSummary["locations"];
  title: string;
}

/** A pair of bars (visits, people) for each location, side by side. */
export default function NetworkChart({ locations, title }: Props) {
  const { t } = useStaffTranslation();
  const data = locations.map((location) => ({
    label: location.locationName,
    visits: location.visits,
    people: location.people,
  }));
  return (
    <figure style={{ margin: 0 }} data-testid="network-chart">
      <Text component="figcaption" fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <BarChart
        h={280}
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
