import { Badge, Button, Group, Table } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { FlashMessage } from "../../../components/FlashMessage";
import { InviteLinkNotice } from "../../../components/InviteLinkNotice";
import { TableSection } from "../../../components/TableSection";
import { ListPage } from "../../../components/ListPage";
import { fullName } from "../../../lib/names";
import { replaceById } from "../../../lib/lists";
import { queryClient, trpc } from "../../../lib/trpc";
import { useCurrentUser } from "../../../lib/session";
import type { Invite, User } from "../../../lib/types";
import { ButtonLink, EditLink } from "../../../components/links";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { accessSummary } from "../../../lib/access";

export const Route = createFileRoute("/admin/users/")({
  component: UsersPage,
});

function UsersPage() {
  const { data: invites } = useSuspenseQuery(trpc.invites.list.queryOptions());
  const { data: users } = useSuspenseQuery(trpc.users.list.queryOptions());
  // The viewer's locations: a site admin's list shows those alone, as the users' access does.
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const names = new Map(locations.map((location) => [location.id, location.Name]));
  const viewer = useCurrentUser();
  // Deactivating an account is the network admin's (it is the person's everywhere).
  const managesAccounts = viewer?.isAdmin === true;
  const update = useMutation(trpc.users.update.mutationOptions());
  const { t } = useStaffTranslation();

  function setActive(user: User, isActive: boolean) {
    const question = isActive
      ? t("users.confirmReactivate", { name: fullName(user) })
      : t("users.confirmDeactivate", { name: fullName(user) });
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
      title={t("users.title")}
      actions={<ButtonLink to="/admin/users/invite">{t("users.invite")}</ButtonLink>}
    >
      <FlashMessage />
      {invites.length > 0 ? <InvitesTable invites={invites} /> : null}
      <TableSection
        title={t("users.users")}
        minWidth={720}
        columns={[
          t("common.name"),
          t("common.email"),
          t("account.administrator"),
          t("users.locations"),
          t("tablets.status"),
          t("common.action"),
        ]}
        rows={users}
        rowKey={(user) => user.id}
        cells={(user) => (
          <>
            <Table.Td>{fullName(user)}</Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{user.isAdmin ? t("common.yes") : t("common.no")}</Table.Td>
            <Table.Td>{accessSummary(t, user, names)}</Table.Td>
            <Table.Td>
              {user.isActive ? (
                t("users.active")
              ) : (
                <Badge color="gray" variant="light">
                  {t("users.inactive")}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="wrap">
                <EditLink to="/admin/users/$userId" params={{ userId: String(user.id) }} />
                {/* Nobody deactivates themselves (the server refuses it too). */}
                {user.id === viewer?.id || !managesAccounts ? null : user.isActive ? (
                  <Button variant="light" color="red" onClick={() => setActive(user, false)}>
                    {t("users.deactivate")}
                  </Button>
                ) : (
                  <Button variant="default" onClick={() => setActive(user, true)}>
                    {t("users.reactivate")}
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
  const { t, formatDate } = useStaffTranslation();
  // A resend that was not e-mailed (no mail server): its link, to pass on by hand.
  const [unsent, setUnsent] = useState<{ name: string; link: string } | null>(null);

  function resendInvite(invite: Invite) {
    if (!window.confirm(t("users.confirmResend", { who: describe(invite) }))) return;
    resend.mutate(
      { id: invite.id },
      {
        // Resending refreshes updatedAt, shown as 'Invited on'.
        onSuccess: ({ emailSent, link, ...updated }) => {
          queryClient.setQueryData(listKey, (list) => replaceById(list, updated));
          setUnsent(!emailSent && link ? { name: fullName(updated), link } : null);
        },
        onError: (error) => console.error(error),
      },
    );
  }

  function revokeInvite(invite: Invite) {
    if (!window.confirm(t("users.confirmRevoke", { who: describe(invite) }))) return;
    revoke.mutate(
      { id: invite.id },
      {
        onSuccess: () => {
          queryClient.setQueryData(listKey, (list) => list?.filter((row) => row.id !== invite.id));
          // A revoked invite's link no longer works: not one to pass on.
          setUnsent(null);
        },
        onError: (error) => console.error(error),
      },
    );
  }

  return (
    <>
      {unsent ? <InviteLinkNotice name={unsent.name} link={unsent.link} /> : null}
      <TableSection
        title={t("users.invites")}
        minWidth={560}
        columns={[t("common.name"), t("common.email"), t("users.invitedOn"), t("common.action")]}
        rows={invites}
        rowKey={(invite) => invite.id}
        cells={(invite) => (
          <>
            <Table.Td>{fullName(invite)}</Table.Td>
            <Table.Td>{invite.email}</Table.Td>
            <Table.Td>{formatDate(invite.updatedAt)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button variant="light" onClick={() => resendInvite(invite)}>
                  {t("users.resend")}
                </Button>
                <Button variant="light" color="red" onClick={() => revokeInvite(invite)}>
                  {t("tokens.revoke")}
                </Button>
              </Group>
            </Table.Td>
          </>
        )}
      />
    </>
  );
}
