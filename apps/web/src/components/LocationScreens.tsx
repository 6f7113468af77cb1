import { Alert, Anchor, Button, Group, Table } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { queryClient, trpc } from "../lib/trpc";
import { TableSection } from "./TableSection";

/**
 * A location's now-serving screens: a new one's link to open on the waiting room's TV, and each
 * screen made so far, with a way to revoke it (its link stops working).
 */
export function LocationScreens({ locationId }: { locationId: number }) {
  const { t, formatDateTime: when } = useStaffTranslation();
  const listQuery = trpc.queue.screens.queryOptions({ id: locationId });
  const { data: screens = [] } = useQuery(listQuery);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: listQuery.queryKey });
  const create = useMutation(trpc.queue.createScreen.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.queue.revokeScreen.mutationOptions({ onSettled: refresh }));

  function revokeScreen(code: string, createdAt: string) {
    if (!window.confirm(t("queue.confirmRevoke", { when: when(createdAt) }))) return;
    revoke.mutate({ id: locationId, code });
  }

  return (
    <>
      <Group>
        <Button
          variant="default"
          loading={create.isPending}
          onClick={() => create.mutate({ id: locationId })}
        >
          {t("queue.newScreen")}
        </Button>
      </Group>
      {create.data ? (
        <Alert color="green">
          {t("queue.screenLink")}{" "}
          <Anchor href={create.data.url} target="_blank" rel="noopener">
            {create.data.url}
          </Anchor>
        </Alert>
      ) : null}
      {revoke.isError ? <Alert color="red">{t("queue.failed")}</Alert> : null}
      <TableSection
        title={t("queue.screens")}
        titleSize="h4"
        minWidth={300}
        columns={[t("queue.screenMade"), t("queue.screenLinkColumn")]}
        rows={screens}
        rowKey={(screen) => screen.code}
        empty={t("queue.noScreens")}
        cells={(screen) => (
          <>
            <Table.Td>{when(screen.createdAt)}</Table.Td>
            <Table.Td>
              <Group gap="sm" justify="space-between">
                <Anchor href={screen.url} target="_blank" rel="noopener" size="sm">
                  {t("queue.openScreen")}
                </Anchor>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  loading={revoke.isPending && revoke.variables?.code === screen.code}
                  onClick={() => revokeScreen(screen.code, screen.createdAt)}
                  data-revoke-screen={screen.code}
                >
                  {t("queue.revokeScreen")}
                </Button>
              </Group>
            </Table.Td>
          </>
        )}
      />
    </>
  );
}
