import { Fieldset, Stack, Text } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { messageOf } from "@vsi/web-common/api-errors";
import { useState } from "react";
import { useServerMessage } from "../hooks/useServerMessage";
import { administers } from "../lib/access";
import { useCurrentUser } from "../lib/session";
import { trpc } from "../lib/trpc";
import type { User } from "../lib/types";
import { ErrorAlert } from "./ErrorAlert";
import { FlashMessage } from "./FlashMessage";
import { accessOf, LocationRolePicker, type Roles } from "./LocationRolePicker";
import { SubmitButton } from "./FormButtons";

/**
 * A user's role at each of the viewer's locations: none, staff or site admin. The viewer changes
 * those of the locations they administer (a network admin every one); the server keeps the
 * user's roles elsewhere, and refuses anything else (kernel/permissions.ts).
 */
export function UserAccessForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const { t } = useStaffTranslation();
  const said = useServerMessage();
  const viewer = useCurrentUser();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const [roles, setRoles] = useState<Roles>(
    () => new Map(user.access.map((entry) => [entry.locationId, entry.role] as const)),
  );
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation(trpc.users.update.mutationOptions());
  const mayEdit = (locationId: number) => Boolean(viewer && administers(viewer, locationId));
  const editable = locations.filter((location) => mayEdit(location.id));

  if (user.isAdmin)
    return (
      <Fieldset legend={t("users.accessTitle")} variant="unstyled">
        <Text>{t("users.networkAdmin")}</Text>
      </Fieldset>
    );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    setProblem(null);
    const access = accessOf(roles, mayEdit);
    update.mutate(
      { id: user.id, access },
      {
        onSuccess: (updated) => {
          setSaved(true);
          onSaved(updated);
        },
        onError: (error) => setProblem(said(messageOf(error))),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset legend={t("users.accessTitle")} variant="unstyled">
        <Stack gap="sm">
          <FlashMessage message={saved ? t("users.accessSaved") : null} />
          {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
          <Text size="sm" c="dimmed">
            {t("users.accessHint")}
          </Text>
          {locations.length === 0 ? <Text>{t("users.noLocation")}</Text> : null}
          <LocationRolePicker
            locations={locations}
            editable={mayEdit}
            roles={roles}
            onChange={setRoles}
          />
          <div>
            <SubmitButton busy={update.isPending} disabled={editable.length === 0} />
          </div>
        </Stack>
      </Fieldset>
    </form>
  );
}
