import { Stack, Textarea, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { FormCard } from "../../../components/FormCard";
import { SubmitButton } from "../../../components/FormButtons";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { queryClient, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/admin/users/invite")({
  component: InviteUserPage,
});

const fields = ["firstName", "lastName", "email", "message"] as const;

function InviteUserPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", message: "" });
  const errors = useServerErrors(fields, { scrollToTop: true });
  const create = useMutation(trpc.invites.create.mutationOptions());
  const bind = (field: (typeof fields)[number]) => ({
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
    create.mutate(values, {
      // mutate() ignores what its callbacks return; invalidateQueries never rejects.
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.invites.list.queryKey() }).then(() =>
          navigate({
            to: "/admin/users",
            state: (state) => ({ ...state, flash: "Invite sent!" }),
          }),
        );
      },
      onError: errors.report,
    });
  }

  return (
    <FormCard title="Invite a new User" size="sm">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.unexpected ? <UnexpectedErrorAlert /> : null}
          <TextInput label="First Name" autoComplete="off" {...bind("firstName")} />
          <TextInput label="Last Name" autoComplete="off" {...bind("lastName")} />
          <TextInput label="Email" type="email" autoComplete="off" {...bind("email")} />
          <Textarea label="Message" autosize minRows={3} {...bind("message")} />
          <div>
            <SubmitButton busy={create.isPending} />
          </div>
        </Stack>
      </form>
    </FormCard>
  );
}
