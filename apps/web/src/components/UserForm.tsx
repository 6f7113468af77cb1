import { Checkbox, Fieldset, NativeSelect, PasswordInput, Stack, Text } from "@mantine/core";
import { sudoWindowMinutes, type MessageKey } from "@vsi/api/schemas";
import { isLanguage, type Language } from "@vsi/i18n/languages";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useServerMessage } from "../hooks/useServerMessage";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { httpStatusOf, messageOf } from "@vsi/web-common/api-errors";
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

/** The API asks for the current password first (kernel/messages.ts). */
const reauthenticateKey: MessageKey = "reauthenticate";

const fields = [
  "firstName",
  "lastName",
  "email",
  "password",
  "currentPassword",
  "picture",
  "isAdmin",
  "language",
] as const;

interface Props {
  user: User;
  /** Only an admin sees (and may change) the Administrator checkbox. */
  viewerIsAdmin: boolean;
  onSaved: (user: User) => void;
}

type T = ReturnType<typeof useStaffTranslation>["t"];
interface Saved {
  user: User;
  passwordChanged: boolean;
  ownAccount: boolean;
}

/** A new password ends the user's other sessions on the server; the person is told. */
function savedMessage(t: T, { user, passwordChanged, ownAccount }: Saved): string {
  const updated = t("account.updated");
  if (!passwordChanged) return updated;
  if (ownAccount) return `${updated} ${t("account.passwordChangedOwn")}`;
  return `${updated} ${t("account.passwordChangedOther", { name: fullName(user) })}`;
}

/** The language select's value for "follow the browser" (a select's values are strings). */
const followBrowser = "browser";

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
  const [language, setLanguage] = useState<Language | null>(user.language);
  const { t } = useStaffTranslation();
  const said = useServerMessage();
  const [picture, setPicture] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  // Said in the page's language when shown: saving a new language switches it.
  const [saved, setSaved] = useState<Saved | null>(null);
  const viewer = useCurrentUser();
  const errors = useServerErrors(fields);
  const update = useMutation(trpc.users.update.mutationOptions());

  useEffect(() => {
    if (currentProblem) currentInput.current?.focus();
  }, [currentProblem]);

  /** The server asks for the current password (403), or has had too many wrong ones (429): said by the field. */
  function reportCurrentPassword(error: { message: string }): boolean {
    const status = httpStatusOf(error);
    const asked = status === 403 && messageOf(error).key === reauthenticateKey;
    if (!asked && !(status === 429 && askCurrent)) return false;
    setAskCurrent(true);
    setCurrentProblem(said(messageOf(error)));
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
        language,
      },
      {
        onSuccess: (updated) => {
          setPassword("");
          setCurrentPassword("");
          setSaved({
            user: updated,
            passwordChanged: Boolean(password),
            ownAccount: updated.id === viewer?.id,
          });
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
        <FlashMessage message={saved ? savedMessage(t, saved) : null} />
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
          label={t("common.password")}
          description={`${t("account.passwordHint")} ${t("serverMessages.password")}.`}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.fieldErrors.password}
        />
        {askCurrent ? (
          <PasswordInput
            ref={currentInput}
            label={t("account.currentPassword")}
            description={t("account.currentPasswordHint", { minutes: sudoWindowMinutes })}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            error={errors.fieldErrors.currentPassword ?? currentProblem}
          />
        ) : null}
        {viewerIsAdmin ? (
          <Fieldset legend={t("account.administrator")} variant="unstyled">
            <Checkbox
              label={t("account.isAdministrator")}
              checked={isAdmin}
              onChange={(event) => setIsAdmin(event.currentTarget.checked)}
              error={errors.fieldErrors.isAdmin}
            />
          </Fieldset>
        ) : null}
        <NativeSelect
          label={t("account.language")}
          description={t("account.languageHint")}
          data={[
            { value: followBrowser, label: t("account.languageBrowser") },
            { value: "en", label: "English" },
            { value: "es", label: "Español" },
          ]}
          value={language ?? followBrowser}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setLanguage(isLanguage(value) ? value : null);
          }}
          error={errors.fieldErrors.language}
        />
        <div>
          <SubmitButton busy={update.isPending} disabled={uploading} />
        </div>
      </Stack>
    </form>
  );
}
