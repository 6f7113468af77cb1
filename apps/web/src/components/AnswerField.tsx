import "@mantine/core/styles/SegmentedControl.css";
import {
  Checkbox,
  Input,
  Radio,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { wordsIn } from "@vsi/i18n/languages";
import type { Question } from "../lib/types";

/** A field's value as the form holds it: text as typed, yes/no as chosen (null: none), choice ids. */
export type AnswerDraft = string | boolean | null | string[];

/** A visit's answer as the form starts from it (digits as text, a missing one blank). */
export function draftOf(question: Question, value: unknown): AnswerDraft {
  if (question.Kind === "choices") return Array.isArray(value) ? value.map(String) : [];
  if (question.Kind === "yesno" || question.Kind === "consent")
    return typeof value === "boolean" ? value : null;
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** One intake question as staff correct it, built from its definition, in the reader's language. */
export function AnswerField({
  question,
  value,
  onChange,
  error,
}: {
  question: Question;
  value: AnswerDraft;
  onChange: (value: AnswerDraft) => void;
  error?: string | undefined;
}) {
  const { t, language, formatNumber } = useStaffTranslation();
  const label = wordsIn(question.Label, language);
  const description = wordsIn(question.Help, language) || undefined;
  const text = typeof value === "string" ? value : "";
  switch (question.Kind) {
    case "text":
      return (
        <Textarea
          label={label}
          description={description}
          error={error}
          rows={2}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case "number":
      return (
        <TextInput
          label={label}
          description={
            description ??
            (question.Min !== null && question.Max !== null
              ? t("visit.range", {
                  min: formatNumber(question.Min),
                  max: formatNumber(question.Max),
                })
              : undefined)
          }
          error={error}
          inputMode="decimal"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case "zip":
      return (
        <TextInput
          label={label}
          description={description}
          error={error}
          inputMode="numeric"
          autoComplete="postal-code"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case "date":
      return (
        <TextInput
          label={label}
          description={description}
          error={error}
          type="date"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case "yesno":
    case "consent": {
      const words =
        question.Kind === "consent"
          ? [t("answers.agreed"), t("answers.notAgreed")]
          : [t("common.yes"), t("common.no")];
      return (
        <Input.Wrapper label={label} description={description} error={error} size="md">
          <div>
            <SegmentedControl
              aria-label={label}
              size="md"
              mt={4}
              value={value === true ? "true" : value === false ? "false" : ""}
              onChange={(picked) => onChange(picked === "true")}
              data={[
                { value: "true", label: words[0]! },
                { value: "false", label: words[1]! },
              ]}
            />
          </div>
        </Input.Wrapper>
      );
    }
    case "choice":
      return (
        <Radio.Group
          size="md"
          label={label}
          description={description}
          error={error}
          value={text}
          onChange={(picked) => onChange(picked)}
        >
          <Group mt={6} gap="md">
            {question.Choices.map((choice) => (
              <Radio key={choice.id} value={choice.id} label={wordsIn(choice.Label, language)} />
            ))}
          </Group>
        </Radio.Group>
      );
    case "choices":
      return (
        <Checkbox.Group
          size="md"
          label={label}
          description={description}
          error={error}
          value={Array.isArray(value) ? value : []}
          onChange={(picked) => onChange(picked)}
        >
          <Stack mt={6} gap={6}>
            {question.Choices.map((choice) => (
              <Checkbox key={choice.id} value={choice.id} label={wordsIn(choice.Label, language)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    default:
      return <Text c="dimmed">{label}</Text>;
  }
}
