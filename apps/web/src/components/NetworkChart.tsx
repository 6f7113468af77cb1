import type { NetworkSummary } from "../lib/types";
import { VisitsPeopleChart } from "./VisitsPeopleChart";

// Loaded lazily by the roll-up's page: recharts stays out of every other page.

interface Props {
  locations: NetworkSummary["locations"];
  title: string;
}

/** A pair of bars (visits, people) for each location, side by side. */
export default function NetworkChart({ locations, title }: Props) {
  const data = locations.map((location) => ({
    label: location.locationName,
    visits: location.visits,
    people: location.people,
  }));
  return <VisitsPeopleChart data={data} title={title} height={280} testId="network-chart" />;
}
