import "dayjs/locale/es-us";
import { DatesProvider } from "@mantine/dates";
import { useStaffTranslation } from "@vsi/i18n/staff";
import dayjs from "dayjs";
import localizedFormat from "dayjs/plugin/localizedFormat";
import type { ReactNode } from "react";
import { datesLocaleOf, weekStartOf } from "../lib/calendar";

// The date pickers' "LL" (November 26, 2026; 26 de noviembre de 2026) is a dayjs plugin's.
dayjs.extend(localizedFormat);

/**
 * Mantine's date pickers in the staff member's chosen language, not the browser's: month and
 * day names, the value's format, and the first day of the week (as the date presets count it).
 */
export function StaffDates({ children }: { children: ReactNode }) {
  const { language } = useStaffTranslation();
  return (
    <DatesProvider
      settings={{ locale: datesLocaleOf[language], firstDayOfWeek: weekStartOf(language) }}
    >
      {children}
    </DatesProvider>
  );
}
