import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useState } from "react";
import { useServerErrors } from "../hooks/useServerErrors";
import { householdPhones, memberNames } from "../lib/households";
import { queryClient, trpc } from "../lib/trpc";
import type { Household } from "../lib/types";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

const moveFields = ["toHouseholdId", "memberId"];

/**
 * Moving one member of a household to another, found as on the list (a name, a phone, the
 * address): the server says why it cannot (the last member, a full household) by the field.
 */
export function MoveMemberDialog({
  household,
  member,
  onClose,
  onMoved,
}: {
  household: Household;
  member: Household["Members"][number];
  onClose: () => void;
  onMoved: (toHouseholdId: number) => void;
}) {
  const { t } = useStaffTranslation();
  const [typed, setTyped] = useState("");
  const search = typed.trim();
  const found = useQuery({
    ...trpc.households.page.queryOptions({ search, page: 1 }),
    enabled: search.length >= 2,
  });
  const errors = useServerErrors(moveFields);
  const move = useMutation(
    trpc.households.moveMember.mutationOptions({
      onSuccess: (_, { toHouseholdId }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.households.pathKey() });
        onMoved(Number(toHouseholdId));
      },
      onError: errors.report,
    }),
  );
  const name = `${member.FirstName} ${member.LastName}`.trim();
  const others = (found.data?.households ?? []).filter((one) => one.id !== household.id);
  const problem = errors.fieldErrors.toHouseholdId ?? errors.fieldErrors.memberId;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("households.moveTitle", { name })}
      size="md"
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <Stack>
        {errors.unexpected ? <UnexpectedErrorAlert /> : null}
        <TextInput
          label={t("households.moveSearch")}
          placeholder={t("households.searchPlaceholder")}
          value={typed}
          data-autofocus
          error={problem}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            errors.clear();
          }}
        />
        {others.map((one) => (
          <Group key={one.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600}>{t("households.household", { id: one.id })}</Text>
              <Text size="sm">{memberNames(one, t("households.unnamed"))}</Text>
              <Text size="sm" c="dimmed">
                {[one.AddressLine1, one.Zip, ...householdPhones(one)].filter(Boolean).join(" · ")}
              </Text>
            </div>
            <Button
              variant="light"
              style={{ flexShrink: 0 }}
              loading={move.isPending && move.variables?.toHouseholdId === one.id}
              onClick={() => {
                errors.clear();
                move.mutate({ id: household.id, memberId: member.id, toHouseholdId: one.id });
              }}
            >
              {t("households.moveTo")}
            </Button>
          </Group>
        ))}
        {search.length >= 2 && found.data && others.length === 0 ? (
          <Text c="dimmed">{t("households.empty")}</Text>
        ) : null}
      </Stack>
    </Modal>
  );
}
