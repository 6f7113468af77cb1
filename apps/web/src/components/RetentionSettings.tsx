import { Alert, Button, Group, NumberInput, Stack, Switch, Text, Title } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { queryClient, trpc } from "../lib/trpc";
import { useServerErrors } from "../hooks/useServerErrors";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

/** "Erase visitors' personal details after N days": off by default; says what the next run will erase. */
export function RetentionSettings() {
  const { t, formatDateTime } = useStaffTranslation();
  const { data: settings } = useSuspenseQuery(trpc.settings.get.queryOptions());
  const [enabled, setEnabled] = useState(settings.eraseAfterDays !== null);
  const [days, setDays] = useState<number | string>(settings.eraseAfterDays ?? 365);
  const [saved, setSaved] = useState<string | null>(null);
  const errors = useServerErrors(["eraseAfterDays"]);
  const save = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), updated);
        setSaved(t("settings.saved"));
      },
      onError: errors.report,
    }),
  );
  const eraseNow = useMutation(
    trpc.settings.runRetention.mutationOptions({
      onSuccess: ({ erased }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() });
        setSaved(t("settings.erasedNow", { count: erased }));
      },
      onError: errors.report,
    }),
  );

  return (
    <Stack component="section" aria-labelledby="retention-title">
      <Title order={2} id="retention-title">
        {t("settings.retentionTitle")}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          errors.clear();
          setSaved(null);
          save.mutate({ eraseAfterDays: enabled ? Number(days) : null });
        }}
      >
        <Stack>
          {errors.unexpected ? <UnexpectedErrorAlert /> : null}
          <Switch
            label={t("settings.retentionSwitch")}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          {enabled ? (
            <NumberInput
              label={t("settings.retentionDays")}
              description={t("settings.retentionDaysHint")}
              min={1}
              max={36500}
              allowDecimal={false}
              value={days}
              onChange={setDays}
              error={errors.fieldErrors.eraseAfterDays}
              maw={420}
            />
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t("settings.save")}
            </Button>
            {settings.eraseAfterDays !== null ? (
              <Button
                variant="default"
                loading={eraseNow.isPending}
                onClick={() => eraseNow.mutate({})}
              >
                {t("settings.eraseNow")}
              </Button>
            ) : null}
            {saved ? (
              <Text role="status" fw={600}>
                {saved}
              </Text>
            ) : null}
          </Group>
          <Alert color="gray" variant="light" role="status" aria-live="polite">
            <Text>
              {settings.eraseAfterDays === null
                ? t("settings.retentionOff")
                : t("settings.nextRun", { count: settings.nextRunErases })}
            </Text>
            <Text size="sm" c="dimmed">
              {settings.lastRunAt
                ? t("settings.lastRun", {
                    when: formatDateTime(settings.lastRunAt),
                  })
                : t("settings.neverRun")}
            </Text>
          </Alert>
        </Stack>
      </form>
    </Stack>
  );
}
