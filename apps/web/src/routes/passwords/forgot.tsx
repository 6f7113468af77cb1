import { Stack, TextInput } from "@mantine/core";
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

  function submit(event: React.FormEvent) {
    event.preventDefault();
    request.mutate(
      { email },
      {
        onSuccess: () =>
          void navigate({
            to: "/login",
            state: (state) => ({
              ...state,
              flash: "Please check your email in a few minutes for a reset password link.",
            }),
          }),
      },
    );
  }

  return (
    <FormCard title="Forgot your password?">
      <form onSubmit={submit} noValidate>
        <Stack>
          {request.isError ? <ErrorAlert>Email not found.</ErrorAlert> : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <SubmitButton busy={request.isPending} />
          <AnchorLink to="/login">Back to login...</AnchorLink>
        </Stack>
      </form>
    </FormCard>
  );
}
