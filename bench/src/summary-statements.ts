/** The funder summary's statements the history explains, in the order its plans are recorded. */
export const summaryStatements = [
  "people",
  "households",
  "months",
  "answers",
  "questions",
] as const;
