import { TextInput, type TextInputProps } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";

interface Props {
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  size?: TextInputProps["size"];
}

/** A filter form's From and To days (YYYY-MM-DD), inclusive. */
export function DateRangeInputs({ from, to, onFromChange, onToChange, size }: Props) {
  const { t } = useStaffTranslation();
  const fields = [
    { key: "from", label: t("filters.from"), value: from, onChange: onFromChange },
    { key: "to", label: t("filters.to"), value: to, onChange: onToChange },
  ];
  return fields.map(({ key, label, value, onChange }) => (
    <TextInput
      key={key}
      label={label}
      type="date"
      size={size}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  ));
}
