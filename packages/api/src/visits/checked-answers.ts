import type { Context } from "../kernel/context.ts";
import { HttpError } from "../kernel/errors.ts";
import { programQuestions } from "../questions/queries.ts";
import { checkAnswers, type Answers } from "../questions/answers-schema.ts";
import { say, fieldMessages } from "../kernel/messages.ts";

/**
 * A sign-in's answers checked against the questions its program asks at its location (null: a
 * phone's, whose location the statement finds and checks), as this process last read them
 * (`fresh`: read again). Required ones left out are the statement's to refuse: a visitor's
 * remembered answer may excuse them.
 */
export async function checkedAnswers(
  ctx: Pick<Context, "db">,
  programId: number,
  locationId: number | null,
  given: Record<string, unknown> = {},
  fresh: boolean,
): Promise<{ Answers: Answers; questionsRevision: string | null }> {
  if (Object.keys(given).length === 0) return { Answers: {}, questionsRevision: null };
  const { revision, asked } = await programQuestions(ctx.db, programId, locationId, fresh);
  const excused = new Set(asked.map((question) => question.id));
  const { answers, errors } = checkAnswers(asked, given, excused);
  if (!errors.length) return { Answers: answers, questionsRevision: revision };
  // A question added since this process read them: read them again before refusing.
  if (!fresh) return checkedAnswers(ctx, programId, locationId, given, true);
  throw new HttpError(422, say(fieldMessages.validationFailed), errors);
}
