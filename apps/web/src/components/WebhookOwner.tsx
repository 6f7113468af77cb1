import { useStaffTranslation } from "@vsi/i18n/staff";
import { NativeSelect } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useServerErrors } from "../hooks/useServerErrors";
import { queryClient, trpc } from "../lib/trpc";
import type { User, Webhook } from "../lib/types";
import { useOwnerChoice } from "./OwnerSelect";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

const fields = ["locationId"];

/**
 * Whose a webhook is, for a network admin to change on its row: the network's or one location's
 * own (hearing that location alone). Saved as soon as chosen; a refusal is said by the field.
 */
export function WebhookOwner({
  webhook,
  user,
  locations,
}: {
  webhook: Webhook;
  user: User;
  locations: ReadonlyArray<{ id: number; Name: string }>;
}) {
  const { t } = useStaffTranslation();
  const owner = useOwnerChoice(user, locations, t("webhooks.network"), webhook.locationId);
  const errors = useServerErrors(fields);
  const move = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }),
      onError: errors.report,
    }),
  );
  return (
    <>
      {/* On each row: named for screen readers, the column's heading says the rest. */}
      <NativeSelect
        size="sm"
        aria-label={t("webhooks.whose")}
        data={owner.owners}
        value={owner.owner}
        error={errors.fieldErrors.locationId}
        onChange={(event) => {
          const value = event.currentTarget.value;
          owner.setOwner(value);
          errors.clear();
          move.mutate({ id: webhook.id, locationId: value ? Number(value) : null });
        }}
      />
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
    </>
  );
}
