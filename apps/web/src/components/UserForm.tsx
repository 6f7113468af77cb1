import { Checkbox, Fieldset, PasswordInput, Stack, Text } from "@mantine/core";
import { passwordMessage, reauthenticateMessage, sudoWindowMinutes } from "@vsi/api/schemas";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { httpStatusOf } from "@vsi/web-common/api-errors";
import { fullName } from "../lib/names";
import { useCurrentUser } from "../lib/session";
import { trpc } from "../lib/trpc";
import type { User } from "../lib/types";
import { FlashMessage } from "./FlashMessage";
import { SubmitButton } from "./FormButtons";
import { PictureField } from "./PictureField";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";
import { useServerErrors } from "../hooks/useServerErrors";
import { PersonFields, personOf } from "./PersonFields";

const fields = [
  "firstName",
  "lastName",
  "email",
  "password",
  "currentPassword",
  "picture",
  "isAdmin",
] as const;

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
  // Asked for only once the server wants it: a new email or password long after logging in.
  const [askCurrent, setAskCurrent] = useState(false);
  const [currentPassword, setCurrentPassword] = useState("");
  const [currentProblem, setCurrentProblem] = useState<string | null>(null);
  const currentInput = useRef<HTMLInputElement>(null);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [picture, setPicture] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const viewer = useCurrentUser();
  const errors = useServerErrors(fields);
  const update = useMutation(trpc.users.update.mutationOptions());

  useEffect(() => {
    if (currentProblem) currentInput.current?.focus();
  }, [currentProblem]);

  /** The server asks for the current password (403), or has had too many wrong ones (429): said by the field. */
  function reportCurrentPassword(error: { message: string }): boolean {
    const status = httpStatusOf(error);
    const asked = status === 403 && error.message === reauthenticateMessage;
    if (!asked && !(status === 429 && askCurrent)) return false;
    setAskCurrent(true);
    setCurrentProblem(asked ? `${reauthenticateMessage}.` : error.message);
    return true;
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    errors.clear();
    setCurrentProblem(null);
    setSaved(null);
    update.mutate(
      {
        id: user.id,
        ...person,
        ...(password ? { password } : {}),
        ...(currentPassword ? { currentPassword } : {}),
        ...(picture !== undefined ? { picture } : {}),
        ...(viewerIsAdmin ? { isAdmin } : {}),
      },
      {
        onSuccess: (updated) => {
          setPassword("");
          setCurrentPassword("");
          setSaved(savedMessage(updated, Boolean(password), updated.id === viewer?.id));
          onSaved(updated);
          window.scrollTo({ top: 0, behavior: "smooth" });
        },
        onError: (error) => {
          if (!reportCurrentPassword(error)) errors.report(error);
        },
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
        {askCurrent ? (
          <PasswordInput
            ref={currentInput}
            label="Current password"
            description={`Needed to change your email or password more than ${sudoWindowMinutes} minutes after logging in.`}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            error={errors.fieldErrors.currentPassword ?? currentProblem}
          />
        ) : null}
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
          <SubmitButton busy={update.isPending} disabled={uploading} />
        </div>
      </Stack>
    </form>
  );
}
