import { useId, type ReactNode } from "react";
import { useKioskTranslation } from "@vsi/i18n";
import { wordsIn } from "@vsi/i18n/languages";
import type { Draft, Drafts } from "../lib/answerDrafts";
import type { Question } from "../lib/types";
import { KioskField } from "./KioskField";
import classes from "./SignInForm.module.css";

interface Props {
  /** The chosen program's questions, in their order. */
  questions: readonly Question[];
  drafts: Drafts;
  onChange: (questionId: string, draft: Draft) => void;
  /** Each field's message, already in the visitor's language, by question id. */
  errors: Readonly<Record<string, string | undefined>>;
  /**
   * The visitor's own phone (the door): the browser may offer what it knows (a ZIP code). On a
   * shared tablet nothing typed is offered to the next visitor.
   */
  ownDevice?: boolean;
}

const integer = (bound: number | null) => bound === null || Number.isInteger(bound);

/** The intake questions' fields, each kind with the keyboard and the targets a finger needs. */
export function QuestionFields({ questions, drafts, onChange, errors, ownDevice = false }: Props) {
  const { t, language } = useKioskTranslation();
  return (
    <div className={classes.questions}>
      {questions.map((question) => {
        const key = String(question.id);
        const label =
          wordsIn(question.Label, language) +
          (question.Required || question.Kind === "consent" ? "" : ` (${t("form.optional")})`);
        const help = wordsIn(question.Help, language) || undefined;
        const draft = drafts[key] ?? null;
        const error = errors[key];
        const set = (value: Draft) => onChange(key, value);
        const text = typeof draft === "string" ? draft : "";
        const common = {
          label,
          error,
          value: text,
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(event.currentTarget.value),
          enterKeyHint: "next" as const,
          autoComplete: "off",
        };
        switch (question.Kind) {
          case "text":
            return (
              <KioskField
                key={key}
                {...common}
                description={help}
                autoCapitalize="sentences"
                maxLength={1000}
              />
            );
          case "number": {
            // Whole-number bounds (a household's size): the digits-only keypad; below zero: the
            // full keyboard, which has the minus sign.
            const negative = question.Min === null || question.Min < 0;
            const whole = integer(question.Min) && integer(question.Max);
            return (
              <KioskField
                key={key}
                {...common}
                description={[help, rangeHint(question, t, language)].filter(Boolean).join(" · ")}
                inputMode={negative ? "text" : whole ? "numeric" : "decimal"}
                className={classes.short}
              />
            );
          }
          case "zip":
            return (
              <KioskField
                key={key}
                {...common}
                description={help}
                inputMode="numeric"
                autoComplete={ownDevice ? "postal-code" : "off"}
                maxLength={10}
                placeholder="94110"
                className={classes.short}
              />
            );
          case "date":
            return (
              <KioskField
                key={key}
                {...common}
                description={help}
                type="date"
                className={classes.short}
              />
            );
          case "yesno":
            return (
              <Choices
                key={key}
                label={label}
                help={help}
                error={error}
                type="radio"
                pair
                options={[
                  { id: "yes", label: t("form.yes"), picked: draft === true },
                  { id: "no", label: t("form.no"), picked: draft === false },
                ]}
                onPick={(id) => set(id === "yes")}
              />
            );
          case "choice":
          case "choices": {
            const several = question.Kind === "choices";
            const picked = several ? (Array.isArray(draft) ? draft : []) : [text];
            return (
              <Choices
                key={key}
                label={label}
                help={help}
                error={error}
                type={several ? "checkbox" : "radio"}
                options={question.Choices.map((choice) => ({
                  id: choice.id,
                  label: wordsIn(choice.Label, language),
                  picked: picked.includes(choice.id),
                }))}
                onPick={(id, on) =>
                  set(
                    several ? (on ? [...picked, id] : picked.filter((other) => other !== id)) : id,
                  )
                }
              />
            );
          }
          case "consent":
            return (
              <Choices
                key={key}
                label={label}
                help={help}
                error={error}
                type="checkbox"
                options={[{ id: "agree", label: t("form.agree"), picked: draft === true }]}
                // Unticked is no answer: a required consent then says to agree.
                onPick={(_, on) => set(on ? true : null)}
              />
            );
        }
      })}
    </div>
  );
}

function rangeHint(
  { Min, Max }: Pick<Question, "Min" | "Max">,
  t: (key: string, values?: Record<string, string>) => string,
  language: string,
): string | undefined {
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  if (Min !== null && Max !== null) return t("form.range", { min: number(Min), max: number(Max) });
  if (Min !== null) return t("form.atLeast", { min: number(Min) });
  if (Max !== null) return t("form.atMost", { max: number(Max) });
  return undefined;
}

interface ChoicesProps {
  label: string;
  help: string | undefined;
  error: string | undefined;
  type: "radio" | "checkbox";
  /** Two short options (yes and no): side by side on a phone too. */
  pair?: boolean;
  options: ReadonlyArray<{ id: string; label: string; picked: boolean }>;
  onPick: (id: string, on: boolean) => void;
}

/** Options as rows a finger hits (at least 56 px), the group named by its question. */
function Choices({ label, help, error, type, pair, options, onPick }: ChoicesProps): ReactNode {
  const id = useId();
  const describedBy = [help ? `${id}-help` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className={classes.programs}
      role={type === "radio" ? "radiogroup" : "group"}
      aria-labelledby={`${id}-legend`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend id={`${id}-legend`} className={classes.legend}>
        {label}
      </legend>
      {help ? (
        <p id={`${id}-help`} className={classes.help}>
          {help}
        </p>
      ) : null}
      <div className={`${classes.programGrid} ${pair ? classes.pair : ""}`}>
        {options.map((option) => (
          <label key={option.id} className={classes.program}>
            <input
              type={type}
              name={id}
              value={option.id}
              checked={option.picked}
              onChange={(event) => onPick(option.id, event.currentTarget.checked)}
              className={classes.radio}
            />
            <span className={classes.programLabel}>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
