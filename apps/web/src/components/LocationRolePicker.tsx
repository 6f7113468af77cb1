import { NativeSelect } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { LocationRole } from "../lib/access";

/** The select's value for no role at a location (a select's values are strings). */
const none = "none";

export type Roles = ReadonlyMap<number, LocationRole>;

/**
 * A role at each location, none, staff or site admin, one select per location; those the viewer
 * does not administer are shown but cannot be changed (the server refuses them anyway).
 */
export function LocationRolePicker({
  locations,
  editable,
  roles,
  onChange,
}: {
  locations: ReadonlyArray<{ id: number; Name: string }>;
  editable: (locationId: number) => boolean;
  roles: Roles;
  onChange: (roles: Roles) => void;
}) {
  const { t } = useStaffTranslation();
  return locations.map((location) => (
    <NativeSelect
      key={location.id}
      label={location.Name}
      disabled={!editable(location.id)}
      data={[
        { value: none, label: t("users.roleNone") },
        { value: "staff", label: t("users.roleStaff") },
        { value: "admin", label: t("users.roleAdmin") },
      ]}
      value={roles.get(location.id) ?? none}
      onChange={(event) => {
        const value = event.currentTarget.value;
        const next = new Map(roles);
        if (value === "staff" || value === "admin") next.set(location.id, value);
        else next.delete(location.id);
        onChange(next);
      }}
    />
  ));
}

/** The roles as the API takes them (`access`), those at `editable` locations alone. */
export const accessOf = (roles: Roles, editable: (locationId: number) => boolean) =>
  [...roles].flatMap(([locationId, role]) => (editable(locationId) ? [{ locationId, role }] : []));
