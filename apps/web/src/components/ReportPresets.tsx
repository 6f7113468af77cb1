import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useServerErrors } from "../hooks/useServerErrors";
import { queryClient, trpc } from "../lib/trpc";
import { bandsLabel } from "../lib/reportPresets";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

interface Preset {
  id: number;
  name: string;
  ageBands: string;
}

const presetFields = ["name", "ageBands"] as const;
const refreshPresets = () =>
  queryClient.invalidateQueries({ queryKey: trpc.reportPresets.list.queryKey() });

/**
 * Report presets: each a name and the age bands the funder summary and the monthly partner
 * report count individuals in, changed or deleted in place, and a form to add one.
 */
export function ReportPresets() {
  const { t } = useStaffTranslation();
  const { data: presets } = useSuspenseQuery(trpc.reportPresets.list.queryOptions());
  return (
    <Stack component="section" aria-labelledby="report-presets-title">
      <Title order={2} id="report-presets-title">
        {t("presets.title")}
      </Title>
      <Text size="sm" c="dimmed" maw={640}>
        {t("presets.hint")}
      </Text>
      {presets.map((preset) => (
        <Paper key={preset.id} withBorder p="sm" maw={640}>
          <PresetForm preset={preset} />
        </Paper>
      ))}
      <Title order={3} size="h4">
        {t("presets.add")}
      </Title>
      <PresetForm />
    </Stack>
  );
}

/** One preset's fields and its Save and Delete; with none, a new preset's, emptied once added. */
function PresetForm({ preset }: { preset?: Preset }) {
  const { t } = useStaffTranslation();
  const [name, setName] = useState(preset?.name ?? "");
  const [ageBands, setAgeBands] = useState(preset?.ageBands ?? "");
  const [saved, setSaved] = useState(false);
  const errors = useServerErrors(presetFields);
  const done = () => {
    setSaved(true);
    void refreshPresets();
  };
  const create = useMutation(
    trpc.reportPresets.create.mutationOptions({
      onSuccess: () => {
        setName("");
        setAgeBands("");
        done();
      },
      onError: (error) => errors.report(error),
    }),
  );
  const update = useMutation(
    trpc.reportPresets.update.mutationOptions({
      onSuccess: done,
      onError: (error) => errors.report(error),
    }),
  );
  const remove = useMutation(
    trpc.reportPresets.remove.mutationOptions({
      onSuccess: () => void refreshPresets(),
      onError: (error) => errors.report(error),
    }),
  );
  const idPart = preset ? `preset-${preset.id}` : "preset-new";
  return (
    <form
      aria-label={preset ? t("presets.formOf", { name: preset.name }) : t("presets.add")}
      onSubmit={(event) => {
        event.preventDefault();
        errors.clear();
        setSaved(false);
        if (preset) update.mutate({ id: preset.id, name, ageBands });
        else create.mutate({ name, ageBands });
      }}
    >
      <Stack gap="xs">
        {errors.unexpected ? <UnexpectedErrorAlert /> : null}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            id={`${idPart}-name`}
            label={t("presets.name")}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setSaved(false);
            }}
            error={errors.fieldErrors.name}
            w={260}
            maw="100%"
          />
          <TextInput
            id={`${idPart}-bands`}
            label={t("presets.ageBands")}
            description={ageBands.trim() ? bandsLabel(ageBands) : t("presets.ageBandsExample")}
            value={ageBands}
            onChange={(event) => {
              setAgeBands(event.currentTarget.value);
              setSaved(false);
            }}
            error={errors.fieldErrors.ageBands}
            w={260}
            maw="100%"
            spellCheck={false}
            autoCapitalize="off"
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {preset ? t("presets.save") : t("presets.create")}
          </Button>
          {preset ? (
            <Button
              variant="default"
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm(t("presets.confirmDelete", { name: preset.name })))
                  remove.mutate({ id: preset.id });
              }}
            >
              {t("presets.delete")}
            </Button>
          ) : null}
          {saved ? (
            <Text role="status" fw={600}>
              {t("settings.saved")}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
