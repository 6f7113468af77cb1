import { keyOf } from "@vsi/api/schemas";
import { localeOf } from "@vsi/i18n/languages";
import { staffTranslate, type Language } from "@vsi/i18n/staff";
import type { ServerMessage } from "@vsi/web-common/field-errors";

// The API's messages (kernel/messages.ts in @vsi/api) come with their key and values: an error
// body carries them beside the English, and a sentence the shared schemas made in this page has
// them from keyOf. A page says the message in its reader's language by the key
// (`serverMessages.<key>`). A message shown by its field needs no field name ("Name is required"
// is "Este campo es obligatorio" by Name). Words with no key are shown as they came.

/** A field's or a record's name in the message, in the reader's language where the catalogue has it. */
function nameIn(language: Language, name: string): string {
  const key = `serverMessages.names.${name.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase()).replace(/^\w/, (letter) => letter.toLowerCase())}`;
  const said = staffTranslate(language, key);
  return said === key ? name : said;
}

/** The values as the reader writes them: names translated, numbers in the reader's way. */
function valuesIn(language: Language, values: ServerMessage["values"] = {}) {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "number"
        ? new Intl.NumberFormat(localeOf[language]).format(value)
        : name === "label" || name === "thing"
          ? nameIn(language, value)
          : value,
    ]),
  );
}

/** A message (an error body's, with its key, or a sentence a shared schema made here) in the reader's language. */
export function translateServerMessage(language: Language, said: string | ServerMessage): string {
  const message = typeof said === "string" ? said : said.message;
  const keyed =
    typeof said !== "string" && said.key !== undefined
      ? { key: said.key, values: said.values }
      : keyOf(message);
  if (language === "en" || !keyed) return message;
  const key = `serverMessages.${keyed.key}`;
  const translated = staffTranslate(language, key, valuesIn(language, keyed.values));
  return translated === key ? message : translated;
}
