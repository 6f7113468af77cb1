import { todayInZone } from "@vsi/web-common/time";

// The report's date shortcuts, as From/To calendar days in the browser's zone.

export const datePresets = [
  "today",
  "yesterday",
  "thisWeek",
  "last7Days",
  "thisMonth",
  "lastMonth",
] as const;
export type DatePreset = (typeof datePresets)[number];

/** Calendar arithmetic on YYYY-MM-DD, through UTC so no zone or daylight change shifts a day. */
function shift(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/**
 * From and To for a preset, `today` being the browser's date. Weeks start on `weekStart`
 * (0 Sunday, 1 Monday); "this week" and "this month" run up to today.
 */
export function presetRange(
  preset: DatePreset,
  today: string,
  weekStart = 0,
): { from: string; to: string } {
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: shift(today, -1), to: shift(today, -1) };
    case "thisWeek": {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      return { from: shift(today, -((weekday - weekStart + 7) % 7)), to: today };
    }
    case "last7Days":
      return { from: shift(today, -6), to: today };
    case "thisMonth":
      return { from: firstOfMonth(today), to: today };
    case "lastMonth": {
      const lastDay = shift(firstOfMonth(today), -1);
      return { from: firstOfMonth(lastDay), to: lastDay };
    }
  }
}

/** The preset whose range From/To are, if any: the one to show as chosen. */
export function presetOf(
  from: string,
  to: string,
  timeZone: string,
  weekStart = 0,
): DatePreset | undefined {
  const today = todayInZone(timeZone);
  return datePresets.find((preset) => {
    const range = presetRange(preset, today, weekStart);
    return range.from === from && range.to === to;
  });
}
