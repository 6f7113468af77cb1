import { Badge, Button, Table } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { fullName } from "../lib/names";
import { replaceById } from "../lib/lists";
import { formatLocalDate, formatLocalTime } from "@vsi/web-common/time";
import { queryClient, trpc } from "../lib/trpc";
import type { Tablet } from "../lib/types";
import { TableSection } from "./TableSection";

const when = (iso: string) => `${formatLocalDate(iso)} ${formatLocalTime(iso)}`;

/** The browsers set up as this location's sign-in sheet, each with a way to disconnect it. */
export function LocationTablets({ locationId }: { locationId: number }) {
  const listQuery = trpc.tablets.list.queryOptions({ id: locationId });
  const { data: tablets = [] } = useQuery(listQuery);
  const revoke = useMutation(trpc.tablets.revoke.mutationOptions());

  function disconnect(tablet: Tablet) {
    if (
      !window.confirm(
        `Disconnect the tablet set up ${when(tablet.createdAt)}? It stops taking sign-ins at once.`,
      )
    )
      return;
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
      title="Tablets"
      titleSize="h3"
      minWidth={520}
      columns={["Set up", "By", "Last seen", "Status"]}
      rows={tablets}
      rowKey={(tablet) => tablet.id}
      empty="No tablet has been set up here. Use Set Up Tablet on the Locations page."
      cells={(tablet) => (
        <>
          <Table.Td>{when(tablet.createdAt)}</Table.Td>
          <Table.Td>{tablet.createdBy ? fullName(tablet.createdBy) : "—"}</Table.Td>
          <Table.Td>{tablet.lastSeenAt ? when(tablet.lastSeenAt) : "Never"}</Table.Td>
          <Table.Td>
            {tablet.revokedAt ? (
              <Badge color="gray" variant="light">
                Disconnected
              </Badge>
            ) : (
              <Button
                variant="light"
                color="red"
                size="xs"
                loading={revoke.isPending && revoke.variables?.id === tablet.id}
                onClick={() => disconnect(tablet)}
              >
                Disconnect
              </Button>
            )}
          </Table.Td>
        </>
      )}
    />
  );
}
