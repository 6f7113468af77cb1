import { PasswordInput, Stack, TextInput } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useServerMessage } from "../hooks/useServerMessage";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, useLocation, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { FlashMessage } from "../components/FlashMessage";
import { ErrorAlert } from "../components/ErrorAlert";
import { FormCard } from "../components/FormCard";
import { SubmitButton } from "../components/FormButtons";
import { httpStatusOf, messageOf } from "@vsi/web-common/api-errors";
import { setCurrentUser } from "../lib/session";
import { takeStaffLoginReturn } from "@vsi/web-common/login-return";
import { trpc } from "../lib/trpc";
import { AnchorLink } from "../components/links";

export const Route = createFileRoute("/login")({
  component: LoginPage,
});

function LoginPage() {
  const navigate = useNavigate();
  const stateFrom = useLocation({ select: (location) => location.state.from });
  // Read once: the kiosk's hand-over is taken, so a later login does not return there again.
  const [from] = useState(() => stateFrom ?? takeStaffLoginReturn());
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const login = useMutation(trpc.auth.login.mutationOptions());
  const { t } = useStaffTranslation();
  const said = useServerMessage();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    // No client-side validation: the server answers 422 for anything wrong.
    login.mutate(
      { email, password },
      {
        onSuccess: (user) => {
          setCurrentUser(user);
          // Staff come to work: their dashboard, not the home page that tells visitors what this is.
          void navigate({ href: from ?? "/dashboard", replace: true });
        },
        onError: (error) => {
          const status = httpStatusOf(error);
          if (status === 422) setProblem(t("serverMessages.invalidLogin"));
          // The server's sentence says how many minutes to wait.
          else if (status === 429) setProblem(said(messageOf(error)));
          else {
            console.error(error);
            setProblem(t("common.unexpected"));
          }
        },
      },
    );
  }

  return (
    <FormCard title={t("login.title")}>
      <FlashMessage />
      <form onSubmit={submit} noValidate>
        <Stack>
          {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
          <TextInput
            label={t("common.email")}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            autoFocus
          />
          <PasswordInput
            label={t("common.password")}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <SubmitButton busy={login.isPending} />
          <AnchorLink to="/passwords/forgot">{t("login.forgot")}</AnchorLink>
        </Stack>
      </form>
    </FormCard>
  );
}
