import { Stack, TextInput } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FormCard } from "../../components/FormCard";
import { SubmitButton } from "../../components/FormButtons";
import { trpc } from "../../lib/trpc";
import { AnchorLink } from "../../components/links";

export const Route = createFileRoute("/passwords/forgot")({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const request = useMutation(trpc.passwords.request.mutationOptions());
  const { t } = useStaffTranslation();
  // No mail server: the link was not sent, and this page (anyone's) never shows it.
  const [notEmailed, setNotEmailed] = useState(false);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setNotEmailed(false);
    request.mutate(
      { email },
      {
        onSuccess: ({ emailSent }) => {
          if (!emailSent) {
            setNotEmailed(true);
            return;
          }
          void navigate({
            to: "/login",
            state: (state) => ({
              ...state,
              flash: t("passwords.checkEmail"),
            }),
          });
        },
      },
    );
  }

  return (
    <FormCard title={t("login.forgot")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {request.isError ? <ErrorAlert>{t("passwords.emailNotFound")}</ErrorAlert> : null}
          {notEmailed ? <ErrorAlert>{t("passwords.notEmailed")}</ErrorAlert> : null}
          <TextInput
            label={t("common.email")}
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <SubmitButton busy={request.isPending} />
          <AnchorLink to="/login">{t("passwords.backToLogin")}</AnchorLink>
        </Stack>
      </form>
    </FormCard>
  );
}
