import { Container, Paper, Stack } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { PageTitle } from "../../../components/PageTitle";
import { UserForm } from "../../../components/UserForm";
import { UserAccessForm } from "../../../components/UserAccessForm";
import { fullName } from "../../../lib/names";
import { setCurrentUser, useCurrentUser } from "../../../lib/session";
import { queryClient, trpc } from "../../../lib/trpc";
import type { User } from "../../../lib/types";

export const Route = createFileRoute("/admin/users/$userId")({
  component: EditUserPage,
});

function EditUserPage() {
  const id = Number(Route.useParams().userId);
  const viewer = useCurrentUser();
  const { data: user } = useSuspenseQuery(trpc.users.get.queryOptions({ id }));
  const { t } = useStaffTranslation();

  function saved(updated: User) {
    queryClient.setQueryData(trpc.users.get.queryKey({ id }), updated);
    void queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
    if (updated.id === viewer?.id) setCurrentUser(updated);
  }

  return (
    <Container size="sm" px={0}>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <PageTitle>{t("users.edit", { name: fullName(user) })}</PageTitle>
          {/* A site admin changes another's roles at their locations, not the account itself. */}
          {viewer?.isAdmin || viewer?.id === user.id ? (
            <UserForm key={user.id} user={user} viewerIsAdmin={viewer.isAdmin} onSaved={saved} />
          ) : null}
          <UserAccessForm key={`access-${user.id}`} user={user} onSaved={saved} />
        </Stack>
      </Paper>
    </Container>
  );
}
