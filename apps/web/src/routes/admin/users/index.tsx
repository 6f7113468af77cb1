import { Badge, Button, Group, Table } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { FlashMessage } from "../../../components/FlashMessage";
import { TableSection } from "../../../components/TableSection";
import { ListPage } from "../../../components/ListPage";
import { fullName } from "../../../lib/names";
import { replaceById } from "../../../lib/lists";
import { formatLocalDate } from "@vsi/web-common/time";
import { queryClient, trpc } from "../../../lib/trpc";
import { useCurrentUser } from "../../../lib/session";
import type { Invite, User } from "../../../lib/types";
import { ButtonLink, EditLink } from "../../../components/links";
import { useStaffTranslation } from "@vsi/i18n";

export const Route = createFileRoute("/admin/users/")({
  component: ManageUsersPage,
});

function ManageUsersPage() {
  const { data: invites } = useSuspenseQuery(trpc.invites.list.queryOptions());
  const { data: users } = useSuspenseQuery(trpc.users.list.queryOptions());
  const viewer = useCurrentUser();
  const update = useMutation(trpc.users.update.mutationOptions());
  const { t } = useStaffTranslation();

  function setActive(user: User, isActive: boolean) {
    const question = isActive
      ? `Reactivate ${fullName(user)}? They can log in again, and their API tokens work again.`
      : `Deactivate ${fullName(user)}? They are logged out at once, and cannot log in or use their API tokens until reactivated.`;
    if (!window.confirm(question)) return;
    update.mutate(
      { id: user.id, isActive },
      {
        onSuccess: (updated) =>
          queryClient.setQueryData(trpc.users.list.queryKey(), (list) =>
            replaceById(list, updated),
          ),
        onError: (error) => console.error(error),
      },
    );
  }
  return (
    <ListPage
      title="Manage Users"
      actions={
        <Group gap="xs">
          <ButtonLink variant="default" to="/admin/audit">
            Audit log
          </ButtonLink>
          <ButtonLink variant="default" to="/admin/questions">
            Questions
          </ButtonLink>
          <ButtonLink variant="default" to="/admin/backups">
            Backups
          </ButtonLink>
          <ButtonLink variant="default" to="/admin/settings">
            {t("settings.link")}
          </ButtonLink>
          <ButtonLink to="/admin/users/invite">Invite a new User</ButtonLink>
        </Group>
      }
    >
      <FlashMessage />
      {invites.length > 0 ? <InvitesTable invites={invites} /> : null}
      <TableSection
        title="Users"
        minWidth={560}
        columns={["Name", "Email", "Administrator", "Status", "Action"]}
        rows={users}
        rowKey={(user) => user.id}
        cells={(user) => (
          <>
            <Table.Td>{fullName(user)}</Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{user.isAdmin ? "Yes" : "No"}</Table.Td>
            <Table.Td>
              {user.isActive ? (
                "Active"
              ) : (
                <Badge color="gray" variant="light">
                  Inactive
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <EditLink to="/admin/users/$userId" params={{ userId: String(user.id) }} />
                {/* Nobody deactivates themselves (the server refuses it too). */}
                {user.id === viewer?.id ? null : user.isActive ? (
                  <Button variant="light" color="red" onClick={() => setActive(user, false)}>
                    Deactivate
                  </Button>
                ) : (
                  <Button variant="default" onClick={() => setActive(user, true)}>
                    Reactivate
                  </Button>
                )}
              </Group>
            </Table.Td>
          </>
        )}
      />
    </ListPage>
  );
}

function InvitesTable({ invites }: { invites: Invite[] }) {
  const listKey = trpc.invites.list.queryKey();
  const resend = useMutation(trpc.invites.resend.mutationOptions());
  const revoke = useMutation(trpc.invites.revoke.mutationOptions());
  const describe = (invite: Invite) => `${fullName(invite)} <${invite.email}>`;

  function resendInvite(invite: Invite) {
    if (!window.confirm(`Are you sure you wish to resend the invite to ${describe(invite)}?`))
      return;
    resend.mutate(
      { id: invite.id },
      {
        // Resending refreshes updatedAt, shown as 'Invited on'.
        onSuccess: (updated) =>
          queryClient.setQueryData(listKey, (list) => replaceById(list, updated)),
        onError: (error) => console.error(error),
      },
    );
  }

  function revokeInvite(invite: Invite) {
    if (!window.confirm(`Are you sure you wish to revoke the invite to ${describe(invite)}?`))
      return;
    revoke.mutate(
      { id: invite.id },
      {
        onSuccess: () =>
          queryClient.setQueryData(listKey, (list) => list?.filter((row) => row.id !== invite.id)),
        onError: (error) => console.error(error),
      },
    );
  }

  return (
    <TableSection
      title="Invites"
      minWidth={560}
      columns={["Name", "Email", "Invited on", "Action"]}
      rows={invites}
      rowKey={(invite) => invite.id}
      cells={(invite) => (
        <>
          <Table.Td>{fullName(invite)}</Table.Td>
          <Table.Td>{invite.email}</Table.Td>
          <Table.Td>{formatLocalDate(invite.updatedAt)}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button variant="light" onClick={() => resendInvite(invite)}>
                Resend
              </Button>
              <Button variant="light" color="red" onClick={() => revokeInvite(invite)}>
                Revoke
              </Button>
            </Group>
          </Table.Td>
        </>
      )}
    />
  );
}
