import { Container, Divider, Paper, Stack } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ApiTokens } from "../components/ApiTokens";
import { NotificationSettings } from "../components/NotificationSettings";
import { PageTitle } from "../components/PageTitle";
import { UserForm } from "../components/UserForm";
import { requireUser } from "../lib/guards";
import { currentUserQuery, setCurrentUser } from "../lib/session";

export const Route = createFileRoute("/account")({
  beforeLoad: requireUser,
  component: AccountPage,
});

function AccountPage() {
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const { t } = useStaffTranslation();
  if (!user) return null;
  return (
    <Container size="sm" px={0}>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <PageTitle>{t("account.title")}</PageTitle>
          {/* Editing your own account refreshes the current user with the response. */}
          <UserForm
            key={user.id}
            user={user}
            viewerIsAdmin={user.isAdmin}
            onSaved={setCurrentUser}
          />
          <Divider my="md" />
          <NotificationSettings email={user.email} />
          <Divider my="md" />
          <ApiTokens />
        </Stack>
      </Paper>
    </Container>
  );
}
