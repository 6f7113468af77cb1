import { z } from "zod";
import { say, accountMessages, fieldMessages } from "./messages.ts";

/**
 * Text from a client: any string without control characters (PostgreSQL refuses NUL, and none
 * belongs in a name, an email or a key). Multi-line text may also hold line breaks and tabs.
 */
export const controlCharacterMessage = say(fieldMessages.controlCharacters);
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, line breaks and tabs allowed
const controlCharactersButLines = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Half of a UTF-16 pair alone has no UTF-8 form, so the database cannot take it.
const unpairedSurrogate = /\p{Surrogate}/u;
export const text = ({ multiline = false } = {}) =>
  z
    .string()
    .refine(
      (value) => !(multiline ? controlCharactersButLines : controlCharacters).test(value),
      controlCharacterMessage,
    )
    .refine((value) => !unpairedSurrogate.test(value), say(fieldMessages.unicode));

const maxId = 2_147_483_647;
const decimalInteger = /^[1-9]\d{0,9}$/;
/**
 * A row id: a JSON number in a body or over tRPC; in a path or query, plain decimal digits only
 * (0x1, 1e0, +1, 01 and 1.0 are not ids).
 */
export const id = z
  .union([z.number(), z.string().regex(decimalInteger).transform(Number)], {
    error: say(fieldMessages.wholeNumberId),
  })
  .pipe(z.number().int().positive().max(maxId));
export const idParam = z.object({ id });

export const passwordMessage = say(accountMessages.password);
/** The one password rule: the API enforces it and the forms show its message. */
export const passwordRule = text()
  .max(200, say(fieldMessages.tooLong, { label: "Password" }))
  .refine(
    (value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value),
    passwordMessage,
  );

export const email = text()
  .trim()
  .max(254, say(fieldMessages.tooLong, { label: "Email" }))
  .pipe(z.email(say(accountMessages.emailInvalid)));
/**
 * A name is shown inside other text: a sheet's row, an alert e-mail's line, a CSV's cell. So it
 * holds none of the characters that change how the rest of a line reads or hide in it:
 * bidirectional controls (an override reverses what follows), line and paragraph separators, and
 * zero-width characters.
 */
export const nameCharactersMessage = say(fieldMessages.nameCharacters);
const hiddenOrReordering =
  /[\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060\u2066-\u2069\ufeff]/;
/** The one rule for every name (a person's, a place's, a program's, a token's). */
export const nameText = () =>
  text().refine((value) => !hiddenOrReordering.test(value), nameCharactersMessage);
export const requiredName = (label: string, max = 100) =>
  nameText()
    .trim()
    .min(1, say(fieldMessages.required, { label }))
    .max(max, say(fieldMessages.tooLong, { label }));
export const optionalName = (label: string, max = 100) =>
  nameText().trim().max(max, say(fieldMessages.tooLong, { label }));
export const optionalText = (label: string, max: number, options?: { multiline?: boolean }) =>
  text(options).trim().max(max, say(fieldMessages.tooLong, { label }));

/** ISO-8601 in UTC, as every timestamp the API returns. */
export const isoDateTime = z
  .string()
  .meta({ format: "date-time", example: "2026-11-21T17:04:00.000Z" });

/**
 * A JSON true or false in a request body. trpc-to-openapi switches every z.boolean() of a REST
 * input to coercion, which reads "false" as true; a literal is left as it is.
 */
export const jsonBoolean = z.literal([true, false]);

/** A long list's paging: the page number, and a total counted exactly even where it would be estimated. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Counts every match even past the point where the total is estimated. */
  exactTotal: z.stringbool().optional(),
};

export const okSchema = z.object({ ok: z.literal(true) });
