import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { kindsWithChoices, type QuestionKind } from "@vsi/api/schemas";
import { FormButtons } from "./FormButtons";

export interface QuestionFormValues {
  Kind: QuestionKind;
  Label: { en: string; es: string };
  Help: { en: string; es: string };
  Required: boolean;
  Choices: Array<{ id?: string; Label: { en: string; es: string } }>;
  Min: number | null;
  Max: number | null;
  ProgramIds: number[];
  AskEvery: "visit" | "visitor";
  ReaskAfterMonths: number | null;
}

export const emptyQuestion: QuestionFormValues = {
  Kind: "text",
  Label: { en: "", es: "" },
  Help: { en: "", es: "" },
  Required: false,
  Choices: [],
  Min: null,
  Max: null,
  ProgramIds: [],
  AskEvery: "visit",
  ReaskAfterMonths: null,
};

/** The fields a server's 422 is shown by. */
export const questionFormFields = [
  "Kind",
  "Label.en",
  "Label.es",
  "Help.en",
  "Help.es",
  "Choices",
  "Min",
  "Max",
  "ProgramIds",
  "ReaskAfterMonths",
] as const;

const kindLabels: Record<QuestionKind, string> = {
  text: "Short text",
  number: "Number",
  yesno: "Yes or no",
  choice: "One of several choices",
  choices: "Several choices",
  date: "A date (e.g. date of birth)",
  zip: "ZIP code",
  consent: "Consent statement to agree to",
};

interface Props {
  initial: QuestionFormValues;
  programs: ReadonlyArray<{ id: number; Name: string }>;
  saving: boolean;
  /** A 422's messages by field. */
  errors?: Partial<Record<string, string>>;
  onSubmit: (values: QuestionFormValues) => void;
  onCancel: () => void;
}

const numberOrNull = (value: string | number) => (typeof value === "number" ? value : null);

/** An intake question: its kind, its words in English and Spanish, who is asked it and how often. */
export function QuestionForm({
  initial,
  programs,
  saving,
  errors = {},
  onSubmit,
  onCancel,
}: Props) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof QuestionFormValues>(key: K, value: QuestionFormValues[K]) =>
    setValues((before) => ({ ...before, [key]: value }));
  const hasChoices = kindsWithChoices.includes(values.Kind);
  const setChoice = (index: number, language: "en" | "es", text: string) =>
    set(
      "Choices",
      values.Choices.map((choice, i) =>
        i === index ? { ...choice, Label: { ...choice.Label, [language]: text } } : choice,
      ),
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // What does not belong to the kind is not sent: a text question has no choices or range.
        onSubmit({
          ...values,
          Choices: hasChoices ? values.Choices : [],
          Min: values.Kind === "number" ? values.Min : null,
          Max: values.Kind === "number" ? values.Max : null,
          ReaskAfterMonths: values.AskEvery === "visitor" ? values.ReaskAfterMonths : null,
        });
      }}
    >
      <Stack>
        <Select
          label="Kind of answer"
          data={Object.entries(kindLabels).map(([value, label]) => ({ value, label }))}
          value={values.Kind}
          allowDeselect={false}
          onChange={(kind) => kind && set("Kind", kind as QuestionKind)}
          error={errors.Kind}
        />
        <TextInput
          label="Question in English"
          value={values.Label.en}
          onChange={(event) => set("Label", { ...values.Label, en: event.currentTarget.value })}
          error={errors["Label.en"]}
        />
        <TextInput
          label="Question in Spanish"
          description="Left blank, Spanish speakers see the English"
          value={values.Label.es}
          onChange={(event) => set("Label", { ...values.Label, es: event.currentTarget.value })}
          error={errors["Label.es"]}
        />
        <Textarea
          label="Help in English"
          minRows={2}
          value={values.Help.en}
          onChange={(event) => set("Help", { ...values.Help, en: event.currentTarget.value })}
          error={errors["Help.en"]}
        />
        <Textarea
          label="Help in Spanish"
          minRows={2}
          value={values.Help.es}
          onChange={(event) => set("Help", { ...values.Help, es: event.currentTarget.value })}
          error={errors["Help.es"]}
        />
        {hasChoices ? (
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend>
              <Text size="sm" fw={500}>
                Choices
              </Text>
            </legend>
            <Stack gap="xs">
              {values.Choices.map((choice, index) => (
                <Group key={choice.id ?? `new-${index}`} align="flex-end" wrap="nowrap">
                  <TextInput
                    label={`Choice ${index + 1} in English`}
                    value={choice.Label.en}
                    onChange={(event) => setChoice(index, "en", event.currentTarget.value)}
                  />
                  <TextInput
                    label={`Choice ${index + 1} in Spanish`}
                    value={choice.Label.es}
                    onChange={(event) => setChoice(index, "es", event.currentTarget.value)}
                  />
                  <Button
                    variant="default"
                    onClick={() =>
                      set(
                        "Choices",
                        values.Choices.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove
                  </Button>
                </Group>
              ))}
              {errors.Choices ? (
                <Text c="red" size="sm">
                  {errors.Choices}
                </Text>
              ) : null}
              <Button
                variant="default"
                onClick={() => set("Choices", [...values.Choices, { Label: { en: "", es: "" } }])}
              >
                Add a choice
              </Button>
            </Stack>
          </fieldset>
        ) : null}
        {values.Kind === "number" ? (
          <Group grow>
            <NumberInput
              label="Smallest answer"
              value={values.Min ?? ""}
              onChange={(value) => set("Min", numberOrNull(value))}
              error={errors.Min}
            />
            <NumberInput
              label="Largest answer"
              value={values.Max ?? ""}
              onChange={(value) => set("Max", numberOrNull(value))}
              error={errors.Max}
            />
          </Group>
        ) : null}
        <Checkbox
          label={values.Kind === "consent" ? "Visitors must agree" : "An answer is required"}
          checked={values.Required}
          onChange={(event) => set("Required", event.currentTarget.checked)}
        />
        <Checkbox.Group
          label="Programs that ask it"
          description="None checked: every program"
          value={values.ProgramIds.map(String)}
          onChange={(ids) => set("ProgramIds", ids.map(Number))}
          error={errors.ProgramIds}
        >
          <Stack gap="sm" mt="xs">
            {programs.map((program) => (
              <Checkbox key={program.id} value={String(program.id)} label={program.Name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label="Asked"
          data={[
            { value: "visit", label: "At every visit" },
            { value: "visitor", label: "Once per visitor, remembered by phone number" },
          ]}
          value={values.AskEvery}
          allowDeselect={false}
          onChange={(value) => value && set("AskEvery", value)}
        />
        {values.AskEvery === "visitor" ? (
          <NumberInput
            label="Ask again after (months)"
            description="Left blank, never asked again"
            min={1}
            max={120}
            allowDecimal={false}
            value={values.ReaskAfterMonths ?? ""}
            onChange={(value) => set("ReaskAfterMonths", numberOrNull(value))}
            error={errors.ReaskAfterMonths}
          />
        ) : null}
        <FormButtons saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
