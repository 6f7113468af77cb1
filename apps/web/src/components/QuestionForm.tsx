import { useStaffTranslation } from "@vsi/i18n/staff";
import { programName } from "@vsi/i18n/languages";
import {
  Button,
  Checkbox,
  Flex,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import {
  defaultNumberRange,
  kindsWithChoices,
  questionKinds,
  type QuestionKind,
} from "@vsi/api/schemas";
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

interface Props {
  initial: QuestionFormValues;
  programs: ReadonlyArray<{ id: number; Name: string; NameEs?: string | null }>;
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
  const { t, language, formatNumber } = useStaffTranslation();
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
          label={t("questions.form.kind")}
          data={questionKinds.map((value) => ({ value, label: t(`questions.kinds.${value}`) }))}
          value={values.Kind}
          allowDeselect={false}
          onChange={(kind) => kind && set("Kind", kind)}
          error={errors.Kind}
        />
        <TextInput
          label={t("questions.form.labelEn")}
          value={values.Label.en}
          onChange={(event) => set("Label", { ...values.Label, en: event.currentTarget.value })}
          error={errors["Label.en"]}
        />
        <TextInput
          label={t("questions.form.labelEs")}
          description={t("questions.form.blankSpanish")}
          value={values.Label.es}
          onChange={(event) => set("Label", { ...values.Label, es: event.currentTarget.value })}
          error={errors["Label.es"]}
        />
        <Textarea
          label={t("questions.form.helpEn")}
          minRows={2}
          value={values.Help.en}
          onChange={(event) => set("Help", { ...values.Help, en: event.currentTarget.value })}
          error={errors["Help.en"]}
        />
        <Textarea
          label={t("questions.form.helpEs")}
          minRows={2}
          value={values.Help.es}
          onChange={(event) => set("Help", { ...values.Help, es: event.currentTarget.value })}
          error={errors["Help.es"]}
        />
        {hasChoices ? (
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend style={{ padding: 0, marginBottom: "var(--mantine-spacing-xs)" }}>
              {/* Written as the fields' own labels are. */}
              <Text fw="var(--mantine-font-weight-medium)">{t("questions.form.choices")}</Text>
            </legend>
            <Stack gap="md">
              {values.Choices.map((choice, index) => (
                // A row where it fits; on a phone each field a line, the button a thumb's width.
                <Flex
                  key={choice.id ?? `new-${index}`}
                  direction={{ base: "column", xs: "row" }}
                  align={{ base: "stretch", xs: "flex-end" }}
                  gap="xs"
                >
                  <TextInput
                    style={{ flex: 1 }}
                    label={t("questions.form.choiceEn", { n: index + 1 })}
                    value={choice.Label.en}
                    onChange={(event) => setChoice(index, "en", event.currentTarget.value)}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    label={t("questions.form.choiceEs", { n: index + 1 })}
                    value={choice.Label.es}
                    onChange={(event) => setChoice(index, "es", event.currentTarget.value)}
                  />
                  <Button
                    variant="default"
                    aria-label={t("questions.form.removeChoice", { n: index + 1 })}
                    onClick={() =>
                      set(
                        "Choices",
                        values.Choices.filter((_, i) => i !== index),
                      )
                    }
                  >
                    {t("picture.remove")}
                  </Button>
                </Flex>
              ))}
              {errors.Choices ? (
                <Text c="red" size="sm" data-field-error>
                  {errors.Choices}
                </Text>
              ) : null}
              <Group>
                <Button
                  variant="default"
                  onClick={() => set("Choices", [...values.Choices, { Label: { en: "", es: "" } }])}
                >
                  {t("questions.form.addChoice")}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        ) : null}
        {values.Kind === "number" ? (
          // Side by side where both labels fit on a line, one above the other on a phone.
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={t("questions.form.min")}
              description={t("questions.form.minBlank", {
                n: formatNumber(defaultNumberRange.min),
              })}
              value={values.Min ?? ""}
              onChange={(value) => set("Min", numberOrNull(value))}
              error={errors.Min}
            />
            <NumberInput
              label={t("questions.form.max")}
              description={t("questions.form.maxBlank", {
                n: formatNumber(defaultNumberRange.max),
              })}
              value={values.Max ?? ""}
              onChange={(value) => set("Max", numberOrNull(value))}
              error={errors.Max}
            />
          </SimpleGrid>
        ) : null}
        <Checkbox
          label={
            values.Kind === "consent"
              ? t("questions.form.mustAgree")
              : t("questions.form.answerRequired")
          }
          checked={values.Required}
          onChange={(event) => set("Required", event.currentTarget.checked)}
        />
        <Checkbox.Group
          label={t("questions.form.programs")}
          description={t("questions.form.noneChecked")}
          value={values.ProgramIds.map(String)}
          onChange={(ids) => set("ProgramIds", ids.map(Number))}
          error={errors.ProgramIds}
        >
          <Stack gap="sm" mt="xs">
            {programs.map((program) => (
              <Checkbox
                key={program.id}
                value={String(program.id)}
                label={programName(program, language)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label={t("questions.form.asked")}
          data={[
            { value: "visit", label: t("questions.form.everyVisit") },
            { value: "visitor", label: t("questions.form.oncePerVisitor") },
          ]}
          value={values.AskEvery}
          allowDeselect={false}
          onChange={(value) => value && set("AskEvery", value)}
        />
        {values.AskEvery === "visitor" ? (
          <NumberInput
            label={t("questions.form.reask")}
            description={t("questions.form.neverAgain")}
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
