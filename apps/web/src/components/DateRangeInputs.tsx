import { DateInput, type DateInputProps } from "@mantine/dates";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { ReactNode } from "react";

interface Props {
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  size?: DateInputProps["size"];
  /** What is wrong with the period, said by To (the API's 422 names To too). */
  toError?: ReactNode;
}

/**
 * A filter form's From and To days (YYYY-MM-DD), inclusive, written and picked in the staff
 * member's language (StaffDates), not the browser's as a native date field would be. A day can
 * be typed too (2026-11-26), and is written out in full once the field is left.
 */
export function DateRangeInputs({ from, to, onFromChange, onToChange, size, toError }: Props) {
  const { t } = useStaffTranslation();
  // The calendar's arrows show no words: named for screen readers (its heading names itself).
  const ariaLabels = {
    previousMonth: t("filters.calendar.previousMonth"),
    nextMonth: t("filters.calendar.nextMonth"),
    previousYear: t("filters.calendar.previousYear"),
    nextYear: t("filters.calendar.nextYear"),
    previousDecade: t("filters.calendar.previousDecade"),
    nextDecade: t("filters.calendar.nextDecade"),
  };
  const fields = [
    { key: "from", label: t("filters.from"), value: from, onChange: onFromChange },
    { key: "to", label: t("filters.to"), value: to, onChange: onToChange, error: toError },
  ];
  return fields.map(({ key, label, value, onChange, error }) => (
    <DateInput
      key={key}
      label={label}
      size={size}
      error={error}
      ariaLabels={ariaLabels}
      valueFormat="LL"
      clearable
      clearButtonProps={{ "aria-label": t("filters.clear", { field: label }) }}
      value={value || null}
      onChange={(day) => onChange(day ?? "")}
    />
  ));
}
