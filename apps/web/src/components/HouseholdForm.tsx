import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { wordsIn } from "@vsi/i18n/languages";
import { useState } from "react";
import type { Household } from "../lib/types";
import { FormButtons } from "./FormButtons";

export interface HouseholdFormValues {
  AddressLine1: string;
  Zip: string;
  Size: number;
  EligibilityBasisId: number | null;
  CertifiedAt: string | null;
  Members: Array<{
    id?: number;
    FirstName: string;
    LastName: string;
    PhoneNumber: string | null;
    BirthDate: string | null;
    Relationship: string | null;
  }>;
}

const memberFields = ["FirstName", "LastName", "PhoneNumber", "BirthDate", "Relationship"] as const;

/** The fields a server's 422 is shown by, for a household of `members` members. */
export const householdFormFields = (members: number) => [
  "AddressLine1",
  "Zip",
  "Size",
  "EligibilityBasisId",
  "CertifiedAt",
  "Members",
  ...Array.from({ length: members }, (_, n) => [
    `Members.${n}.id`,
    ...memberFields.map((field) => `Members.${n}.${field}`),
  ]).flat(),
];

interface Props {
  household: Household;
  bases: Array<{ id: number; Label: { en: string; es: string } }>;
  saving: boolean;
  errors?: Partial<Record<string, string>>;
  /** Each time the members' count changes: the 422's fields follow it. */
  onMembersChange: (count: number) => void;
  onSubmit: (values: HouseholdFormValues) => void;
  onCancel: () => void;
}

const blankMember = () => ({
  FirstName: "",
  LastName: "",
  PhoneNumber: null,
  BirthDate: null,
  Relationship: null,
});

/** A household's address, size, declared basis and its members, changed whole. */
export function HouseholdForm({
  household,
  bases,
  saving,
  errors = {},
  onMembersChange,
  onSubmit,
  onCancel,
}: Props) {
  const { t, language } = useStaffTranslation();
  const [address, setAddress] = useState(household.AddressLine1);
  const [zip, setZip] = useState(household.Zip);
  const [size, setSize] = useState<number | string>(household.Size);
  const [basis, setBasis] = useState(household.EligibilityBasisId?.toString() ?? null);
  const [certified, setCertified] = useState(household.CertifiedAt?.slice(0, 10) ?? "");
  const [members, setMembers] = useState<HouseholdFormValues["Members"]>(household.Members);
  const changeMembers = (next: HouseholdFormValues["Members"]) => {
    setMembers(next);
    onMembersChange(next.length);
  };
  const setMember = (index: number, field: (typeof memberFields)[number], value: string) =>
    changeMembers(
      members.map((member, n) =>
        n === index
          ? {
              ...member,
              [field]: value === "" && field !== "FirstName" && field !== "LastName" ? null : value,
            }
          : member,
      ),
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          AddressLine1: address,
          Zip: zip,
          Size: typeof size === "number" ? size : Number(size),
          EligibilityBasisId: basis === null ? null : Number(basis),
          // A day, as staff pick it: its noon in UTC, so it reads as that day anywhere.
          CertifiedAt: certified ? `${certified}T12:00:00Z` : null,
          Members: members,
        });
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("households.address")}
            value={address}
            error={errors.AddressLine1}
            onChange={(event) => setAddress(event.currentTarget.value)}
          />
          <TextInput
            label={t("households.zip")}
            value={zip}
            error={errors.Zip}
            onChange={(event) => setZip(event.currentTarget.value)}
          />
          <NumberInput
            label={t("households.size")}
            min={1}
            max={50}
            value={size}
            error={errors.Size}
            onChange={setSize}
          />
          <Select
            label={t("households.basis")}
            placeholder={t("households.noBasis")}
            clearable
            data={bases.map((one) => ({
              value: String(one.id),
              label: wordsIn(one.Label, language),
            }))}
            value={basis}
            error={errors.EligibilityBasisId}
            onChange={setBasis}
          />
          <TextInput
            type="date"
            label={t("households.certifiedAt")}
            value={certified}
            error={errors.CertifiedAt}
            onChange={(event) => setCertified(event.currentTarget.value)}
          />
        </SimpleGrid>
        {members.map((member, n) => (
          <Paper key={member.id ?? `new-${n}`} withBorder p="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t("common.firstName")}
                value={member.FirstName}
                error={errors[`Members.${n}.FirstName`] ?? errors[`Members.${n}.id`]}
                onChange={(event) => setMember(n, "FirstName", event.currentTarget.value)}
              />
              <TextInput
                label={t("common.lastName")}
                value={member.LastName}
                error={errors[`Members.${n}.LastName`]}
                onChange={(event) => setMember(n, "LastName", event.currentTarget.value)}
              />
              <TextInput
                type="tel"
                label={t("households.phone")}
                value={member.PhoneNumber ?? ""}
                error={errors[`Members.${n}.PhoneNumber`]}
                onChange={(event) => setMember(n, "PhoneNumber", event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label={t("households.birthDate")}
                value={member.BirthDate ?? ""}
                error={errors[`Members.${n}.BirthDate`]}
                onChange={(event) => setMember(n, "BirthDate", event.currentTarget.value)}
              />
              <TextInput
                label={t("households.relationship")}
                value={member.Relationship ?? ""}
                error={errors[`Members.${n}.Relationship`]}
                onChange={(event) => setMember(n, "Relationship", event.currentTarget.value)}
              />
            </SimpleGrid>
            {members.length > 1 ? (
              <Group justify="flex-end" mt="xs">
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => changeMembers(members.filter((_, other) => other !== n))}
                >
                  {t("households.removeMember")}
                </Button>
              </Group>
            ) : null}
          </Paper>
        ))}
        {errors.Members ? (
          <Text c="red" size="sm" role="alert">
            {errors.Members}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" onClick={() => changeMembers([...members, blankMember()])}>
            {t("households.addMember")}
          </Button>
        </Group>
        <FormButtons saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
