// The report's date shortcuts, as From/To calendar days. Pure: "today" is always passed in (the
// report's zone's date), so the same day gives the same range on any machine.

const daysToMonths = [
  "today",
  "yesterday",
  "thisWeek",
  "last7Days",
  "thisMonth",
  "lastMonth",
] as const;
const quartersAndYears = [
  "thisQuarter",
  "lastQuarter",
  "thisFiscalYear",
  "lastFiscalYear",
] as const;
export const datePresets = [...daysToMonths, ...quartersAndYears] as const;
export type DatePreset = (typeof datePresets)[number];
/** The shortcuts as shown: days, weeks and months on one line, quarters and years on the next. */
export const presetLines = [daysToMonths, quartersAndYears] as const;

/** What the shortcuts need of the reader's calendar and the organization's year. */
export interface PresetCalendar {
  /** The first day of a week: 0 Sunday, 1 Monday. */
  weekStart?: 0 | 1;
  /** The month (1 January … 12 December) the fiscal year starts in; its quarters count from it. */
  fiscalYearStartMonth?: number;
}

export interface DayRange {
  from: string;
  to: string;
}

/** Calendar arithmetic on YYYY-MM-DD, through UTC so no zone or daylight change shifts a day. */
function shift(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A month as one number (year × 12 + month − 1), so whole months add and subtract plainly. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const firstDayOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;

/** Whole months from `first` (its first day) up to the day before `first + months`. */
const wholeMonths = (first: number, months: number): DayRange => ({
  from: firstDayOf(first),
  to: shift(firstDayOf(first + months), -1),
});

/** The month index the fiscal year holding `day` starts in, and how far into it `day` is. */
function fiscalPosition(day: string, startMonth: number) {
  const month = monthIndex(day);
  const into = ((((month % 12) - (startMonth - 1)) % 12) + 12) % 12;
  return { yearStart: month - into, into };
}

/**
 * From and To for a preset on `today`. "This week", "this month", "this quarter" and "this fiscal
 * year" run up to today; "last …" are the whole period before. Quarters are the fiscal year's
 * (calendar quarters when it starts in January).
 */
export function presetRange(
  preset: DatePreset,
  today: string,
  { weekStart = 0, fiscalYearStartMonth = 1 }: PresetCalendar = {},
): DayRange {
  const { yearStart, into } = fiscalPosition(today, fiscalYearStartMonth);
  const quarterStart = yearStart + into - (into % 3);
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
      return { from: firstDayOf(monthIndex(today)), to: today };
    case "lastMonth":
      return wholeMonths(monthIndex(today) - 1, 1);
    case "thisQuarter":
      return { from: firstDayOf(quarterStart), to: today };
    case "lastQuarter":
      return wholeMonths(quarterStart - 3, 3);
    case "thisFiscalYear":
      return { from: firstDayOf(yearStart), to: today };
    case "lastFiscalYear":
      return wholeMonths(yearStart - 12, 12);
  }
}

/** The preset whose range From/To are on `today`, if any: the one to show as chosen. */
export function presetOf(
  range: DayRange,
  today: string,
  calendar: PresetCalendar = {},
): DatePreset | undefined {
  return datePresets.find((preset) => {
    const candidate = presetRange(preset, today, calendar);
    return candidate.from === range.from && candidate.to === range.to;
  });
}
