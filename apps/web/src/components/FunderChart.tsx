import { useStaffTranslation } from "@vsi/i18n/staff";
import { monthLabel, type ProgramMonth } from "../lib/funderSummary";
import { VisitsPeopleChart } from "./VisitsPeopleChart";

// Loaded lazily by the summary page: recharts stays out of every other page.

interface Props {
  rows: ReadonlyArray<ProgramMonth>;
  title: string;
}

/** A pair of bars (visits, people) for each program's month. */
export default function FunderChart({ rows, title }: Props) {
  const { locale } = useStaffTranslation();
  const data = rows.map((row) => ({
    label: `${row.programName} · ${monthLabel(row.month, locale)}`,
    visits: row.visits,
    people: row.people,
  }));
  return <VisitsPeopleChart data={data} title={title} height={300} testId="funder-chart" />;
}
