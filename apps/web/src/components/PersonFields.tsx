import { TextInput } from "@mantine/core";

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** First name, last name and email, as My Account, Edit User and the invite page ask them. */
export function PersonFields({
  values,
  onChange,
  errors,
}: {
  values: PersonValues;
  onChange: (field: keyof PersonValues, value: string) => void;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <>
      <TextInput
        label="First Name"
        autoComplete="given-name"
        value={values.firstName}
        onChange={(event) => onChange("firstName", event.currentTarget.value)}
        error={errors.firstName}
      />
      <TextInput
        label="Last Name"
        autoComplete="family-name"
        value={values.lastName}
        onChange={(event) => onChange("lastName", event.currentTarget.value)}
        error={errors.lastName}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => onChange("email", event.currentTarget.value)}
        error={errors.email}
      />
    </>
  );
}
