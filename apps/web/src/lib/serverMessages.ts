import { answerMessageKey, recogniseMessage } from "@vsi/api/schemas";
import { localeOf } from "@vsi/i18n/languages";
import { staffTranslate, type Language } from "@vsi/i18n/staff";

// The API answers in English, each of its sentences built from one list (kernel/messages.ts in
// @vsi/api); a page says the same message in its reader's language by the sentence's key. A
// message shown by its field needs no field name ("Name is required" is "Este campo es
// obligatorio" by Name). Words the API did not build from that list are shown as they came.

/** A field's or a record's name in the message, in the reader's language where the catalogue has it. */
function nameIn(language: Language, name: string): string {
  const key = `serverMessages.names.${name.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase()).replace(/^\w/, (letter) => letter.toLowerCase())}`;
  const said = staffTranslate(language, key);
  return said === key ? name : said;
}

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
  const known = recogniseMessage(message) ?? recogniseMessage(message.replace(/\.$/, ""));
  if (!known) return message;
  const values = Object.fromEntries(
    Object.entries(known.values).map(([name, value]) => [
      name,
      name === "label" || name === "thing" ? nameIn(language, value) : value,
    ]),
  );
  return staffTranslate(language, `serverMessages.${known.key}`, values);
}
