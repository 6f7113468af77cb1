import { PasswordInput, Stack } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FormCard } from "../../components/FormCard";
import { SubmitButton } from "../../components/FormButtons";
import { Loading } from "../../components/Loading";
import { httpStatusOf } from "@vsi/web-common/api-errors";
import { trpc } from "../../lib/trpc";
import { AnchorLink } from "../../components/links";

export const Route = createFileRoute("/passwords/reset/$token")({
  component: ResetPasswordPage,
});

/** The link's own problem (invalid or expired); undefined when the link is fine or the check failed otherwise. */
function linkProblem(error: unknown): "invalid" | "expired" | undefined {
  const status = httpStatusOf(error);
  if (status === 404) return "invalid";
  if (status === 410) return "expired";
  return undefined;
}

function ResetPasswordPage() {
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const { t } = useStaffTranslation();
  // The link is checked on load; an invalid or expired one hides the form.
  const check = useQuery({
    ...trpc.passwords.check.queryOptions({ token }),
    retry: false,
    staleTime: Infinity,
  });
  const update = useMutation(trpc.passwords.update.mutationOptions());
  const problem = linkProblem(check.error) ?? linkProblem(update.error);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    update.mutate(
      { token, password },
      {
        onSuccess: () =>
          void navigate({
            to: "/login",
            replace: true,
            state: (state) => ({ ...state, flash: t("passwords.saved") }),
          }),
      },
    );
  }

  return (
    <FormCard title={t("passwords.resetTitle")}>
      {check.isPending ? (
        <Loading />
      ) : problem ? (
        <ErrorAlert>
          {t(`passwords.link.${problem}`)}{" "}
          <AnchorLink to="/passwords/forgot" c="inherit" underline="always" fw={600}>
            {t("passwords.requestAnother")}
          </AnchorLink>
        </ErrorAlert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {update.isError ? <ErrorAlert>{t("serverMessages.password")}.</ErrorAlert> : null}
            <PasswordInput
              label={t("passwords.newPassword")}
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <SubmitButton busy={update.isPending} />
          </Stack>
        </form>
      )}
    </FormCard>
  );
}
