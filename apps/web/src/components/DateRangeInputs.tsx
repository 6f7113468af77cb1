import { DateInput, type DateInputProps } from "@mantine/dates";
import { useStaffTranslation } from "@vsi/i18n/staff";

interface Props {
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  size?: DateInputProps["size"];
}

/**
 * A filter form's From and To days (YYYY-MM-DD), inclusive, written and picked in the staff
 * member's language (StaffDates), not the browser's as a native date field would be. A day can
 * be typed too (2026-11-26), and is written out in full once the field is left.
 */
export function DateRangeInputs({ from, to, onFromChange, onToChange, size }: Props) {
  const { t } = useStaffTranslation();
  const fields = [
    { key: "from", label: t("filters.from"), value: from, onChange: onFromChange },
    { key: "to", label: t("filters.to"), value: to, onChange: onToChange },
  ];
  return fields.map(({ key, label, value, onChange }) => (
    <DateInput
      key={key}
      label={label}
      size={size}
      valueFormat="LL"
      clearable
      clearButtonProps={{ "aria-label": t("filters.clear", { field: label }) }}
      value={value || null}
      onChange={(day) => onChange(day ?? "")}
    />
  ));
}
