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

/** One intake question as staff correct it, built from its definition. */
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
  const label = question.Label.en;
  const description = question.Help.en || undefined;
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
              ? `${question.Min} to ${question.Max}`
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
      const words = question.Kind === "consent" ? ["Agreed", "Not agreed"] : ["Yes", "No"];
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
              <Radio key={choice.id} value={choice.id} label={choice.Label.en} />
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
              <Checkbox key={choice.id} value={choice.id} label={choice.Label.en} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    default:
      return <Text c="dimmed">{label}</Text>;
  }
}
