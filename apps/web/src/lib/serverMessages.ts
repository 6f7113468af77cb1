import {
  answerMessageKey,
  controlCharacterMessage,
  invalidLoginMessage,
  passwordMessage,
  reauthenticateMessage,
  wrongCurrentPasswordMessage,
} from "@vsi/api/schemas";
import { localeOf } from "@vsi/i18n/languages";
import { staffTranslate, type Language } from "@vsi/i18n/staff";

// The API answers in English; a form shows its messages in the reader's language. A message
// shown by its field needs no field name ("First name is required" is "Obligatorio" by First
// name). One the catalogue does not know yet is shown as the server wrote it.
const known: Array<[RegExp | string, string]> = [
  [/ is required$/, "required"],
  [/ is too long$/, "tooLong"],
  ["Email is invalid", "emailInvalid"],
  ["Email already registered", "emailTaken"],
  [passwordMessage, "password"],
  [invalidLoginMessage, "invalidLogin"],
  [reauthenticateMessage, "reauthenticate"],
  [wrongCurrentPasswordMessage, "wrongCurrentPassword"],
  [controlCharacterMessage, "controlCharacters"],
  ["Must be valid Unicode text", "controlCharacters"],
  [/^Must start with https:\/\//, "webhookHttps"],
  [/^Refused: /, "webhookPrivate"],
  [/^Cannot be reached: /, "webhookUnreachable"],
  [/^Must be a URL such as /, "webhookUrl"],
  ["Must not carry a user name or password", "webhookUrl"],
  ["Choose at least one event", "webhookEvents"],
  ["No such location", "webhookLocation"],
  ["No such program", "noSuchProgram"],
];

export function translateServerMessage(language: Language, message: string): string {
  if (language === "en") return message;
  // An answer's message: the rule's key, its bound written the reader's way.
  const answer = answerMessageKey(message);
  if (answer) {
    const limit =
      answer.limit === undefined
        ? undefined
        : new Intl.NumberFormat(localeOf[language]).format(answer.limit);
    return staffTranslate(
      language,
      `serverMessages.answer.${answer.key}`,
      limit === undefined ? undefined : { limit },
    );
  }
  // With or without its full stop.
  const bare = message.replace(/\.$/, "");
  const match = known.find(([pattern]) =>
    typeof pattern === "string" ? pattern.replace(/\.$/, "") === bare : pattern.test(bare),
  );
  return match ? staffTranslate(language, `serverMessages.${match[1]}`) : message;
}
