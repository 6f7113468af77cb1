/** The kinds of intake question; their answers' rules are in answers-schema.ts. */
export const questionKinds = [
  "text",
  "number",
  "yesno",
  "choice",
  "choices",
  "date",
  "zip",
  "consent",
] as const;
export type QuestionKind = (typeof questionKinds)[number];
