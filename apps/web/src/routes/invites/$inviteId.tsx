import { Alert, PasswordInput, Stack, Text } from "@mantine/core";
import { staffLanguage, staffTranslate, useStaffTranslation } from "@vsi/i18n/staff";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { FormCard } from "../../components/FormCard";
import { SubmitButton } from "../../components/FormButtons";
import { Loading } from "../../components/Loading";
import { UnexpectedErrorAlert } from "../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../hooks/useServerErrors";
import { setCurrentUser } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import type { Invite } from "../../lib/types";
import { PersonFields, personOf } from "../../components/PersonFields";

export const Route = createFileRoute("/invites/$inviteId")({
  component: InvitePage,
});

function InvitePage() {
  const { inviteId } = Route.useParams();
  const invite = useQuery({
    ...trpc.invites.get.queryOptions({ id: inviteId }),
    retry: false,
    staleTime: Infinity,
  });

  const { t } = useStaffTranslation();
  // The invite's page speaks the language its e-mail was written in, unless the person chose one.
  const inviteLanguage = invite.data?.language ?? null;
  useEffect(() => {
    staffLanguage.suggest(inviteLanguage);
    return () => staffLanguage.suggest(null);
  }, [inviteLanguage]);

  // Loading an invite ends the caller's session on the server, so forget the user here too.
  useEffect(() => {
    if (invite.isSuccess) setCurrentUser(null);
  }, [invite.isSuccess]);

  return (
    <FormCard title={t("invite.title")} size="sm">
      {invite.isPending ? <Loading /> : <InviteState invite={invite.data} />}
    </FormCard>
  );
}

function InviteState({ invite }: { invite: Invite | undefined }) {
  const { t } = useStaffTranslation();
  if (invite?.acceptedAt) return <Text size="lg">{t("invite.accepted")}</Text>;
  // Revoked, or not found at all: either way there is nothing to accept.
  if (!invite || invite.revokedAt) return <Text size="lg">{t("invite.unavailable")}</Text>;
  return <AcceptForm invite={invite} />;
}

const fields = ["firstName", "lastName", "email", "password"] as const;

function AcceptForm({ invite }: { invite: Invite }) {
  const navigate = useNavigate();
  const [person, setPerson] = useState(personOf(invite));
  const [password, setPassword] = useState("");
  const errors = useServerErrors(fields, { scrollToTop: true });
  const accept = useMutation(trpc.invites.accept.mutationOptions());
  const { t, language } = useStaffTranslation();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    errors.clear();
    accept.mutate(
      { id: invite.id, ...person, password },
      {
        onSuccess: (user) => {
          setCurrentUser(user);
          void navigate({
            to: "/account",
            // Said in the new account's language, which the pages switch to now.
            state: (state) => ({
              ...state,
              flash: staffTranslate(user.language ?? language, "invite.created"),
            }),
          });
        },
        onError: errors.report,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.unexpected ? <UnexpectedErrorAlert /> : null}
        {invite.message ? (
          <Alert color="brand" variant="light">
            {invite.message}
          </Alert>
        ) : null}
        <PersonFields value={person} onChange={setPerson} errors={errors.fieldErrors} />
        <PasswordInput
          label={t("common.password")}
          description={`${t("serverMessages.password")}.`}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.fieldErrors.password}
        />
        <div>
          <SubmitButton busy={accept.isPending} />
        </div>
      </Stack>
    </form>
  );
}
