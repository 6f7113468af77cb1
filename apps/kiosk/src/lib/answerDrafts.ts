import type { ServerMessage } from "@vsi/web-common/field-errors";
import {
  asksProgram,
  checkAnswers,
  isBlank,
  type Answers,
  type AnswerValue,
} from "@vsi/api/schemas";
import type { Question } from "./types";

// The intake questions' answers while a visitor fills the form in: each field's own value, checked
// by the one answer rule (@vsi/api/schemas) exactly as the server checks what the form sends.

/** A field's value: text as typed (numbers, ZIP codes and dates too), yes or no, a pick, or picks. */
export type Draft = string | boolean | string[] | null;
/** The fields' values by question id; a question never touched has none. */
export type Drafts = Readonly<Record<string, Draft>>;

/** The questions the chosen program asks, in their order (none before a program is chosen). */
export function askedBy(questions: readonly Question[], programId: number | null): Question[] {
  return programId === null ? [] : questions.filter((question) => asksProgram(question, programId));
}

/** A kept answer (a remembered one) as its field holds it; null when it does not fit the field. */
export function draftOf(question: Pick<Question, "Kind">, value: AnswerValue): Draft {
  switch (question.Kind) {
    case "number":
      return typeof value === "number" ? String(value) : null;
    case "text":
    case "choice":
    case "date":
    case "zip":
      return typeof value === "string" ? value : null;
    case "yesno":
    case "consent":
      return typeof value === "boolean" ? value : null;
    case "choices":
      return Array.isArray(value) ? value : null;
  }
}

/**
 * A returning visitor's remembered answers filled into the fields they have not answered yet (what
 * they typed stays). `filled`: the question ids filled, for the form to say so.
 */
export function withRemembered(
  questions: readonly Question[],
  drafts: Drafts,
  remembered: Readonly<Record<string, AnswerValue>>,
): { drafts: Drafts; filled: string[] } {
  const next: Record<string, Draft> = { ...drafts };
  const filled: string[] = [];
  for (const question of questions) {
    const key = String(question.id);
    const value = remembered[key];
    if (value === undefined || !isBlank(drafts[key])) continue;
    const draft = draftOf(question, value);
    if (draft === null) continue;
    next[key] = draft;
    filled.push(key);
  }
  return { drafts: next, filled };
}

export interface DraftCheck {
  /** What the sign-in sends: the answers given, as the rule keeps them. */
  answers: Answers;
  /** The rule's message (with its key) for each question answered wrongly or left blank when required, by id. */
  errors: Record<string, ServerMessage>;
}

/** The asked questions' fields checked by the one rule (a field left blank is no answer). */
export function checkDrafts(asked: readonly Question[], drafts: Drafts): DraftCheck {
  const given = Object.fromEntries(asked.map((question) => [question.id, drafts[question.id]]));
  const { answers, errors } = checkAnswers(asked, given);
  return { answers, errors: byQuestion(errors) };
}

/** `Answers.<id>` messages (the rule's, or a 422's `errors`) by question id; others left out. */
export function byQuestion(
  errors: ReadonlyArray<ServerMessage & { path: string }>,
): Record<string, ServerMessage> {
  const messages: Record<string, ServerMessage> = {};
  for (const { path, message, key, values } of errors) {
    const [field, id] = path.split(".");
    if (field === "Answers" && id !== undefined) messages[id] ??= { message, key, values };
  }
  return messages;
}

/**
 * The rule's message in the visitor's language by its key, through the kiosk's catalogues, which
 * name the API's messages by their keys themselves (`answer.zip`, `requiredField`: no prefix, as a
 * tablet's first visit carries every byte), a number written the visitor's way; a message with no
 * key the catalogue knows is shown as it came.
 */
export function sayAnswerMessage(
  said: ServerMessage,
  t: (key: string, values?: Record<string, string>) => string,
  language: string,
): string {
  if (said.key === undefined) return said.message;
  const { key } = said;
  const values = Object.fromEntries(
    Object.entries(said.values ?? {}).map(([name, value]) => [
      name,
      typeof value === "number" ? new Intl.NumberFormat(language).format(value) : value,
    ]),
  );
  const translated = t(key, values);
  return translated === key ? said.message : translated;
}

/**
 * The month the remembered answers were given ("March"; "March 2025" from another year than
 * `now`'s), in the visitor's language and the tablet's zone; undefined without any. The latest
 * answer's month: what the visitor last told us.
 */
export function answeredMonth(
  answeredAt: readonly string[],
  language: string,
  now: Date,
  timeZone?: string,
): string | undefined {
  const times = answeredAt.map((at) => new Date(at).getTime()).filter(Number.isFinite);
  if (times.length === 0) return undefined;
  const latest = new Date(Math.max(...times));
  const year = (date: Date) =>
    new Intl.DateTimeFormat("en", { year: "numeric", timeZone }).format(date);
  return new Intl.DateTimeFormat(language, {
    month: "long",
    ...(year(latest) === year(now) ? {} : { year: "numeric" }),
    timeZone,
  }).format(latest);
}
