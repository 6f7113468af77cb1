import { TextInput, type TextInputProps } from "@mantine/core";

interface Props {
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  size?: TextInputProps["size"];
}

/** A filter form's From and To days (YYYY-MM-DD), inclusive. */
export function DateRangeInputs({ from, to, onFromChange, onToChange, size }: Props) {
  const fields = [
    { label: "From", value: from, onChange: onFromChange },
    { label: "To", value: to, onChange: onToChange },
  ];
  return fields.map(({ label, value, onChange }) => (
    <TextInput
      key={label}
      label={label}
      type="date"
      size={size}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  ));
}
