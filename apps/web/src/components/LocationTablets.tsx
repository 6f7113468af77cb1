import { Badge, Button, Table } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useMutation, useQuery } from "@tanstack/react-query";
import { fullName } from "../lib/names";
import { replaceById } from "../lib/lists";
import { queryClient, trpc } from "../lib/trpc";
import type { Tablet } from "../lib/types";
import { TableSection } from "./TableSection";

/** The browsers set up as this location's sign-in sheet, each with a way to disconnect it. */
export function LocationTablets({ locationId }: { locationId: number }) {
  const listQuery = trpc.tablets.list.queryOptions({ id: locationId });
  const { data: tablets = [] } = useQuery(listQuery);
  const revoke = useMutation(trpc.tablets.revoke.mutationOptions());
  const { t, formatDateTime: when } = useStaffTranslation();

  function disconnect(tablet: Tablet) {
    if (!window.confirm(t("tablets.confirmDisconnect", { when: when(tablet.createdAt) }))) return;
    revoke.mutate(
      { id: tablet.id },
      {
        onSuccess: (revoked) =>
          queryClient.setQueryData(listQuery.queryKey, (list) => replaceById(list, revoked)),
        onError: (error) => console.error(error),
      },
    );
  }

  return (
    <TableSection
      title={t("locations.tablets")}
      titleSize="h3"
      minWidth={520}
      columns={[t("tablets.setUp"), t("tablets.by"), t("tablets.lastSeen"), t("tablets.status")]}
      rows={tablets}
      rowKey={(tablet) => tablet.id}
      empty={t("tablets.empty")}
      cells={(tablet) => (
        <>
          <Table.Td>{when(tablet.createdAt)}</Table.Td>
          <Table.Td>{tablet.createdBy ? fullName(tablet.createdBy) : "—"}</Table.Td>
          <Table.Td>{tablet.lastSeenAt ? when(tablet.lastSeenAt) : t("common.never")}</Table.Td>
          <Table.Td>
            {tablet.revokedAt ? (
              <Badge color="gray" variant="light">
                {t("tablets.disconnected")}
              </Badge>
            ) : (
              <Button
                variant="light"
                color="red"
                size="xs"
                loading={revoke.isPending && revoke.variables?.id === tablet.id}
                onClick={() => disconnect(tablet)}
              >
                {t("tablets.disconnect")}
              </Button>
            )}
          </Table.Td>
        </>
      )}
    />
  );
}
