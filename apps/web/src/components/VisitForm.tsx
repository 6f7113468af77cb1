import { NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { checkAnswers, visitUpdateInput, type AnswerValue } from "@vsi/api/schemas";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { wordsIn } from "@vsi/i18n/languages";
import { answerText } from "../lib/answers";
import { translateServerMessage } from "../lib/serverMessages";
import type { Question, Visit } from "../lib/types";
import { AnswerField, draftOf, type AnswerDraft } from "./AnswerField";
import { FormButtons } from "./FormButtons";

/** A correction as PATCH /api/visits/{id} takes it: only what changed (null removes an answer). */
export interface VisitChanges {
  FirstName?: string;
  LastName?: string;
  PhoneNumber?: string;
  Temperature?: string;
  PartySize?: number;
  Answers?: Record<string, AnswerValue | null>;
}

interface Props {
  visit: Visit;
  /** The live questions the visit's program asks: the answers staff may correct. */
  questions: readonly Question[];
  /** Earlier questions this visit answered, no longer asked: shown, not edited. */
  retired: readonly Question[];
  saving: boolean;
  /** A 422's messages by field (`Answers.<id>` for an answer). */
  errors?: Partial<Record<string, string>>;
  onSubmit: (changes: VisitChanges) => void;
  onCancel: () => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Staff correct a visit: the visitor's names, phone and temperature, and the answers, each field
 * built from its question and checked by the answers' one rule (`checkAnswers`, the server's) before
 * it is sent. Only what changed is sent, so the audit log names just that.
 */
export function VisitForm({
  visit,
  questions,
  retired,
  saving,
  errors,
  onSubmit,
  onCancel,
}: Props) {
  const [names, setNames] = useState({
    FirstName: visit.FirstName,
    LastName: visit.LastName,
    PhoneNumber: visit.PhoneNumber,
    Temperature: visit.Temperature ?? "",
  });
  const [partySize, setPartySize] = useState<string | number>(visit.PartySize);
  const [answers, setAnswers] = useState<Record<string, AnswerDraft>>(() =>
    Object.fromEntries(
      questions.map((question) => [
        String(question.id),
        draftOf(question, visit.Answers[String(question.id)]),
      ]),
    ),
  );
  const { t, language } = useStaffTranslation();
  const [problems, setProblems] = useState<Record<string, string>>({});
  // A message goes once its field is changed; the server's stay until the next submit. The
  // rules' messages are English: said in the reader's language.
  const shown: Partial<Record<string, string>> = { ...errors };
  for (const [field, message] of Object.entries(problems))
    shown[field] = translateServerMessage(language, message);
  const changed = (field: string) =>
    setProblems((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const changes: VisitChanges = {};
    for (const field of ["FirstName", "LastName", "PhoneNumber", "Temperature"] as const) {
      const original = field === "Temperature" ? (visit.Temperature ?? "") : visit[field];
      if (names[field] !== original) changes[field] = names[field];
    }
    // Blank is no number: the rule says so, as it does for 0 or 51.
    const party = partySize === "" ? Number.NaN : Number(partySize);
    if (party !== visit.PartySize) changes.PartySize = party;
    const found: Record<string, string> = {};
    const parsed = visitUpdateInput.safeParse({ id: visit.id, ...changes });
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    // Every question excused from Required: a correction need not answer what was left blank.
    const checked = checkAnswers(
      questions,
      answers,
      new Set(questions.map((question) => question.id)),
    );
    for (const error of checked.errors) found[error.path] ??= error.message;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const changedAnswers: Record<string, AnswerValue | null> = {};
    for (const question of questions) {
      const key = String(question.id);
      const next = checked.answers[key] ?? null;
      if (!same(next, visit.Answers[key])) changedAnswers[key] = next;
    }
    if (Object.keys(changedAnswers).length > 0) changes.Answers = changedAnswers;
    onSubmit(changes);
  }

  const nameField = (field: keyof typeof names, label: string, extra = {}) => (
    <TextInput
      label={label}
      value={names[field]}
      error={shown[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setNames((current) => ({ ...current, [field]: value }));
        changed(field);
      }}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {nameField("FirstName", t("common.firstName"), { autoComplete: "off" })}
        {nameField("LastName", t("common.lastName"), { autoComplete: "off" })}
        {nameField("PhoneNumber", t("visit.phoneNumber"), {
          inputMode: "tel",
          autoComplete: "off",
        })}
        {visit.Temperature !== null ? nameField("Temperature", t("visit.temperature")) : null}
        <NumberInput
          label={t("visit.partySize")}
          value={partySize}
          min={1}
          max={50}
          allowDecimal={false}
          allowNegative={false}
          // Out of range is said by the rule, not quietly changed when the field is left.
          clampBehavior="none"
          error={shown.PartySize}
          onChange={(value) => {
            setPartySize(value);
            changed("PartySize");
          }}
        />
        {questions.length > 0 ? (
          <Text fw={600} mt="sm">
            {t("visit.answers")}
          </Text>
        ) : null}
        {questions.map((question) => {
          const key = String(question.id);
          return (
            <AnswerField
              key={key}
              question={question}
              value={answers[key] ?? null}
              error={shown[`Answers.${key}`]}
              onChange={(value) => {
                setAnswers((current) => ({ ...current, [key]: value }));
                changed(`Answers.${key}`);
              }}
            />
          );
        })}
        {retired.map((question) => (
          <div key={question.id}>
            <Text size="sm" fw={500}>
              {wordsIn(question.Label, language)}
            </Text>
            <Text size="sm">
              {answerText(question, visit.Answers[String(question.id)], language)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("visit.retired")}
            </Text>
          </div>
        ))}
        <FormButtons saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
