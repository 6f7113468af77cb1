import { Button, Checkbox, Fieldset, PasswordInput, Stack, Text } from "@mantine/core";
import { passwordMessage } from "@vsi/api/schemas";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { fullName } from "../lib/names";
import { useCurrentUser } from "../lib/session";
import { trpc } from "../lib/trpc";
import type { User } from "../lib/types";
import { FlashMessage } from "./FlashMessage";
import { PictureField } from "./PictureField";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";
import { useServerErrors } from "../hooks/useServerErrors";
import { PersonFields, personOf } from "./PersonFields";

const fields = ["firstName", "lastName", "email", "password", "picture", "isAdmin"] as const;

interface Props {
  user: User;
  /** Only an admin sees (and may change) the Administrator checkbox. */
  viewerIsAdmin: boolean;
  onSaved: (user: User) => void;
}

/** A new password ends the user's other sessions on the server; the person is told. */
function savedMessage(user: User, passwordChanged: boolean, ownAccount: boolean): string {
  const updated = "Your account has been updated!";
  if (!passwordChanged) return updated;
  if (ownAccount)
    return `${updated} Your password was changed, so you were logged out everywhere else.`;
  return `${updated} The password was changed, so ${fullName(user)} was logged out everywhere.`;
}

/** My Account, and an admin's edit of any user: the same form. */
export function UserForm({ user, viewerIsAdmin, onSaved }: Props) {
  const [person, setPerson] = useState(personOf(user));
  // Write only: blank keeps the current password.
  const [password, setPassword] = useState("");
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [picture, setPicture] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const viewer = useCurrentUser();
  const errors = useServerErrors(fields);
  const update = useMutation(trpc.users.update.mutationOptions());

  function submit(event: React.FormEvent) {
    event.preventDefault();
    errors.clear();
    setSaved(null);
    update.mutate(
      {
        id: user.id,
        ...person,
        ...(password ? { password } : {}),
        ...(picture !== undefined ? { picture } : {}),
        ...(viewerIsAdmin ? { isAdmin } : {}),
      },
      {
        onSuccess: (updated) => {
          setPassword("");
          setSaved(savedMessage(updated, Boolean(password), updated.id === viewer?.id));
          onSaved(updated);
          window.scrollTo({ top: 0, behavior: "smooth" });
        },
        onError: errors.report,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FlashMessage message={saved} />
        {errors.unexpected ? <UnexpectedErrorAlert /> : null}
        <PictureField
          currentUrl={user.pictureUrl}
          onChange={setPicture}
          onUploadingChange={setUploading}
        />
        {errors.fieldErrors.picture ? (
          <Text c="red" size="sm" role="alert">
            {errors.fieldErrors.picture}
          </Text>
        ) : null}
        <PersonFields value={person} onChange={setPerson} errors={errors.fieldErrors} />
        <PasswordInput
          label="Password"
          description={`Leave blank to keep the current password. ${passwordMessage}.`}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.fieldErrors.password}
        />
        {viewerIsAdmin ? (
          <Fieldset legend="Administrator" variant="unstyled">
            <Checkbox
              label="Is an administrator?"
              checked={isAdmin}
              onChange={(event) => setIsAdmin(event.currentTarget.checked)}
              error={errors.fieldErrors.isAdmin}
            />
          </Fieldset>
        ) : null}
        <div>
          <Button type="submit" loading={update.isPending} disabled={uploading}>
            Submit
          </Button>
        </div>
      </Stack>
    </form>
  );
}
