import { Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useState } from "react";
import { auditGroups, type AuditGroup, type AuditSearch } from "../lib/auditLog";
import { idField, idOrUndefined, textOrUndefined } from "../lib/filterValues";
import { DateRangeInputs } from "./DateRangeInputs";
import { FilterSelect, locationChoices, type FilterChoices } from "./FilterSelect";

interface Props {
  initial: AuditSearch;
  locations: ReadonlyArray<{ id: number; Name: string }>;
  users: ReadonlyArray<{ id: number; firstName: string; lastName: string; email: string }>;
  onApply: (filters: Omit<AuditSearch, "page">) => void;
}

type T = ReturnType<typeof useStaffTranslation>["t"];

const groupChoices = (t: T): FilterChoices => ({
  label: t("audit.filters.what"),
  anyLabel: t("audit.filters.everything"),
  options: Object.keys(auditGroups).map((value) => ({ value, label: t(`audit.groups.${value}`) })),
});

/** Who acted: a user by name, or by email when they have none. */
const personChoices = (t: T, users: Props["users"]): FilterChoices => ({
  label: t("audit.filters.person"),
  anyLabel: t("audit.filters.anyone"),
  options: users.map(({ id, firstName, lastName, email }) => ({
    value: String(id),
    label: [firstName, lastName].filter(Boolean).join(" ") || email,
  })),
});

/** From/To days, kind of change, location and person, applied together. */
export function AuditFilters({ initial, locations, users, onApply }: Props) {
  const [group, setGroup] = useState<string>(initial.group ?? "");
  const [locationId, setLocationId] = useState(idField(initial.locationId));
  const [userId, setUserId] = useState(idField(initial.userId));
  const [from, setFrom] = useState(initial.from ?? "");
  const [to, setTo] = useState(initial.to ?? "");
  const { t } = useStaffTranslation();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onApply({
          group: textOrUndefined(group) as AuditGroup | undefined,
          locationId: idOrUndefined(locationId),
          userId: idOrUndefined(userId),
          from: textOrUndefined(from),
          to: textOrUndefined(to),
        });
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          <DateRangeInputs
            from={from}
            to={to}
            onFromChange={setFrom}
            onToChange={setTo}
            size="md"
          />
          <FilterSelect {...groupChoices(t)} value={group} onChange={setGroup} />
          <FilterSelect
            {...locationChoices(t, locations)}
            value={locationId}
            onChange={setLocationId}
          />
          <FilterSelect {...personChoices(t, users)} value={userId} onChange={setUserId} />
        </SimpleGrid>
        <Group>
          <Button type="submit">{t("audit.filters.apply")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
