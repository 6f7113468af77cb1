import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { retentionDayBounds } from "@vsi/api/schemas";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { queryClient, trpc, trpcClient } from "../lib/trpc";
import { useServerErrors } from "../hooks/useServerErrors";
import { SaveRow } from "./SaveRow";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

type RetentionRule = "days" | "federal_fiscal_year";

/** What is about to be erased, asked about before it is: a new period, or erasing now. */
type Confirming =
  | {
      kind: "save";
      eraseAfterDays: number | null;
      retentionRule: RetentionRule;
      erases: number;
      before: string;
    }
  | { kind: "eraseNow"; erases: number };

/**
 * "Erase visitors' personal details after N days", or three years after the federal fiscal year
 * of the visit closes (as TEFAP asks): off by default; says what the next run will erase. A choice
 * that would erase anything is saved only once the admin has read how many visits' details go
 * (the server's count for it), and "Erase now" asks the same; a period under the minimum is
 * refused by the field (the server's rule, shown as it says it).
 */
export function RetentionSettings() {
  const { t, formatDate, formatDateTime } = useStaffTranslation();
  const { data: settings } = useSuspenseQuery(trpc.settings.get.queryOptions());
  const kept = settings.eraseAfterDays !== null || settings.retentionRule !== "days";
  const [enabled, setEnabled] = useState(kept);
  const [rule, setRule] = useState<RetentionRule>(settings.retentionRule);
  const [days, setDays] = useState<number | string>(settings.eraseAfterDays ?? 365);
  const [saved, setSaved] = useState<string | null>(null);
  // What the dialog asks about, kept while it closes so its words do not change as it fades.
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (question: Confirming) => {
    setConfirming(question);
    setAsking(true);
  };
  const stopAsking = () => setAsking(false);
  const [checking, setChecking] = useState(false);
  const errors = useServerErrors(["eraseAfterDays"]);
  const save = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), updated);
        stopAsking();
        setSaved(t("settings.saved"));
      },
      onError: (error) => {
        stopAsking();
        errors.report(error);
      },
    }),
  );
  const eraseNow = useMutation(
    trpc.settings.runRetention.mutationOptions({
      onSuccess: ({ erased }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() });
        stopAsking();
        setSaved(t("settings.erasedNow", { count: erased }));
      },
      onError: (error) => {
        stopAsking();
        errors.report(error);
      },
    }),
  );

  /** Off saves at once; a period is checked (and counted) by the server first. */
  async function submit() {
    errors.clear();
    setSaved(null);
    if (!enabled) {
      save.mutate({ eraseAfterDays: null });
      return;
    }
    // An emptied field is no period: the server's "at least" says what to type.
    const eraseAfterDays = rule === "days" ? (days === "" ? 0 : Number(days)) : null;
    const chosen = { eraseAfterDays, retentionRule: rule };
    setChecking(true);
    try {
      const preview = await trpcClient.settings.retentionPreview.query(
        eraseAfterDays === null ? { retentionRule: rule } : { eraseAfterDays, retentionRule: rule },
      );
      const changed = eraseAfterDays !== settings.eraseAfterDays || rule !== settings.retentionRule;
      if (preview.erases > 0 && changed) ask({ kind: "save", ...preview });
      else save.mutate(chosen);
    } catch (error) {
      errors.report(error);
    } finally {
      setChecking(false);
    }
  }

  function askToEraseNow() {
    errors.clear();
    setSaved(null);
    if (settings.nextRunErases > 0) ask({ kind: "eraseNow", erases: settings.nextRunErases });
    else eraseNow.mutate({});
  }

  return (
    <Stack component="section" aria-labelledby="retention-title">
      <Title order={2} id="retention-title">
        {t("settings.retentionTitle")}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
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
            <Radio.Group
              label={t("settings.retentionRule")}
              value={rule}
              onChange={(value) =>
                setRule(value === "federal_fiscal_year" ? "federal_fiscal_year" : "days")
              }
            >
              <Stack gap="xs" mt="xs">
                <Radio value="days" label={t("settings.retentionByDays")} />
                <Radio
                  value="federal_fiscal_year"
                  label={t("settings.retentionByFiscalYear")}
                  description={t("settings.retentionByFiscalYearHint")}
                />
              </Stack>
            </Radio.Group>
          ) : null}
          {enabled && rule === "days" ? (
            <NumberInput
              label={t("settings.retentionDays")}
              description={t("settings.retentionDaysHint", { min: retentionDayBounds.min })}
              min={retentionDayBounds.min}
              max={retentionDayBounds.max}
              // What was typed stays, and is refused by the field: never corrected to a period
              // the admin did not choose.
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              value={days}
              onChange={setDays}
              error={errors.fieldErrors.eraseAfterDays}
              maw={420}
            />
          ) : null}
          <SaveRow label={t("settings.save")} loading={checking || save.isPending} saved={saved}>
            {kept ? (
              <Button variant="default" loading={eraseNow.isPending} onClick={askToEraseNow}>
                {t("settings.eraseNow")}
              </Button>
            ) : null}
          </SaveRow>
          <Alert color="gray" variant="light" role="status" aria-live="polite">
            <Text>
              {!kept
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
      <Modal
        opened={asking && confirming !== null}
        onClose={stopAsking}
        closeButtonProps={{ "aria-label": t("common.close") }}
        title={
          confirming?.kind === "eraseNow"
            ? t("settings.eraseNowTitle", { count: confirming.erases })
            : t("settings.confirmTitle", { count: confirming?.erases ?? 0 })
        }
        centered
      >
        {confirming?.kind === "save" ? (
          <Stack gap="xs">
            <Text>
              {t("settings.confirmBody", {
                count: confirming.erases,
                date: formatDate(confirming.before),
              })}
            </Text>
            <Text>{t("settings.confirmWhen")}</Text>
          </Stack>
        ) : (
          <Text>{t("settings.eraseNowBody")}</Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={stopAsking}>
            {t("settings.cancel")}
          </Button>
          {confirming?.kind === "save" ? (
            <Button
              color="red.9"
              loading={save.isPending}
              onClick={() =>
                save.mutate({
                  eraseAfterDays: confirming.eraseAfterDays,
                  retentionRule: confirming.retentionRule,
                })
              }
            >
              {t("settings.confirmSave")}
            </Button>
          ) : (
            <Button color="red.9" loading={eraseNow.isPending} onClick={() => eraseNow.mutate({})}>
              {t("settings.eraseNow")}
            </Button>
          )}
        </Group>
      </Modal>
    </Stack>
  );
}
