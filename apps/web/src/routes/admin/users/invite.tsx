import { Fieldset, NativeSelect, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { Language } from "@vsi/i18n/languages";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { FormCard } from "../../../components/FormCard";
import { InviteLinkNotice } from "../../../components/InviteLinkNotice";
import { accessOf, LocationRolePicker, type Roles } from "../../../components/LocationRolePicker";
import { administers } from "../../../lib/access";
import { useCurrentUser } from "../../../lib/session";
import { AnchorLink } from "../../../components/links";
import { fullName } from "../../../lib/names";
import { SubmitButton } from "../../../components/FormButtons";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { queryClient, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/admin/users/invite")({
  component: InviteUserPage,
});

const fields = ["firstName", "lastName", "email", "message", "language"] as const;
type TextField = Exclude<(typeof fields)[number], "language">;

function InviteUserPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", message: "" });
  const errors = useServerErrors(fields, { scrollToTop: true });
  const { t, language: pageLanguage } = useStaffTranslation();
  // The e-mail's language: the one this admin reads the page in unless they pick another.
  const [language, setLanguage] = useState<Language>(pageLanguage);
  const create = useMutation(trpc.invites.create.mutationOptions());
  const viewer = useCurrentUser();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  // No role chosen anywhere sends no access: the server's default for the inviter (the hint says it).
  const [roles, setRoles] = useState<Roles>(new Map());
  const mayEdit = (locationId: number) => Boolean(viewer && administers(viewer, locationId));
  // Not e-mailed (no mail server): its link, to pass on by hand.
  const [unsent, setUnsent] = useState<{ name: string; link: string } | null>(null);
  const bind = (field: TextField) => ({
    value: values[field],
    error: errors.fieldErrors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [field]: value }));
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    errors.clear();
    create.mutate(
      { ...values, language, ...(roles.size ? { access: accessOf(roles, mayEdit) } : {}) },
      {
        // mutate() ignores what its callbacks return; invalidateQueries never rejects.
        onSuccess: (invite) => {
          const listed = queryClient.invalidateQueries({
            queryKey: trpc.invites.list.queryKey(),
          });
          if (!invite.emailSent && invite.link) {
            setUnsent({ name: fullName(invite), link: invite.link });
            return;
          }
          void listed.then(() =>
            navigate({
              to: "/admin/users",
              state: (state) => ({ ...state, flash: t("users.inviteSent") }),
            }),
          );
        },
        onError: errors.report,
      },
    );
  }

  if (unsent)
    return (
      <FormCard title={t("users.invite")} size="sm">
        <InviteLinkNotice name={unsent.name} link={unsent.link}>
          <AnchorLink to="/admin/users">{t("users.backToUsers")}</AnchorLink>
        </InviteLinkNotice>
      </FormCard>
    );

  return (
    <FormCard title={t("users.invite")} size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.unexpected ? <UnexpectedErrorAlert /> : null}
          <TextInput label={t("common.firstName")} autoComplete="off" {...bind("firstName")} />
          <TextInput label={t("common.lastName")} autoComplete="off" {...bind("lastName")} />
          <TextInput label={t("common.email")} type="email" autoComplete="off" {...bind("email")} />
          <Textarea label={t("users.message")} autosize minRows={3} {...bind("message")} />
          <NativeSelect
            label={t("users.emailLanguage")}
            description={t("users.emailLanguageHint")}
            data={[
              { value: "en", label: "English" },
              { value: "es", label: "Español" },
            ]}
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value === "es" ? "es" : "en")}
            error={errors.fieldErrors.language}
          />
          <Fieldset legend={t("users.accessTitle")} variant="unstyled">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {viewer?.isAdmin ? t("users.inviteAccessEvery") : t("users.inviteAccessOwn")}
              </Text>
              <LocationRolePicker
                locations={locations}
                editable={mayEdit}
                roles={roles}
                onChange={setRoles}
              />
            </Stack>
          </Fieldset>
          <div>
            <SubmitButton busy={create.isPending} />
          </div>
        </Stack>
      </form>
    </FormCard>
  );
}
