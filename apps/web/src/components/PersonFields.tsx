import { TextInput } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
}

export const personOf = ({ firstName, lastName, email }: PersonValues): PersonValues => ({
  firstName,
  lastName,
  email,
});

/** First name, last name and email, as My Account, Edit User and the invite page ask them. */
export function PersonFields({
  value,
  onChange,
  errors,
}: {
  value: PersonValues;
  onChange: (next: PersonValues) => void;
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useStaffTranslation();
  const field = (name: keyof PersonValues) => ({
    value: value[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [name]: event.currentTarget.value }),
    error: errors[name],
  });
  return (
    <>
      <TextInput label={t("common.firstName")} autoComplete="given-name" {...field("firstName")} />
      <TextInput label={t("common.lastName")} autoComplete="family-name" {...field("lastName")} />
      <TextInput label={t("common.email")} type="email" autoComplete="email" {...field("email")} />
    </>
  );
}
