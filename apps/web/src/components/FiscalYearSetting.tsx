import { NativeSelect, Stack, Title } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { queryClient, trpc } from "../lib/trpc";
import { useServerErrors } from "../hooks/useServerErrors";
import { SaveRow } from "./SaveRow";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

/** The month the fiscal year starts in, which the reports' quarter and fiscal-year shortcuts use. */
export function FiscalYearSetting() {
  const { t, locale } = useStaffTranslation();
  const { data: settings } = useSuspenseQuery(trpc.reports.settings.queryOptions());
  const [month, setMonth] = useState(String(settings.fiscalYearStartMonth));
  const [saved, setSaved] = useState(false);
  const errors = useServerErrors(["fiscalYearStartMonth"]);
  const save = useMutation(
    trpc.reports.updateSettings.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.reports.settings.queryKey(), updated);
        setSaved(true);
      },
      onError: (error) => errors.report(error),
    }),
  );
  // The months by name in the reader's language; the day and zone do not matter to a name.
  const monthName = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: monthName.format(Date.UTC(2000, i, 1)),
  }));

  return (
    <Stack component="section" aria-labelledby="fiscal-year-title">
      <Title order={2} id="fiscal-year-title">
        {t("settings.fiscalYearTitle")}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          errors.clear();
          setSaved(false);
          save.mutate({ fiscalYearStartMonth: Number(month) });
        }}
      >
        <Stack>
          {errors.unexpected ? <UnexpectedErrorAlert /> : null}
          <NativeSelect
            label={t("settings.fiscalYearStart")}
            description={t("settings.fiscalYearHint")}
            size="md"
            data={months}
            value={month}
            onChange={(event) => {
              setMonth(event.currentTarget.value);
              setSaved(false);
            }}
            error={errors.fieldErrors.fiscalYearStartMonth}
            maw={420}
          />
          {/* Its own words: the retention setting above has the page's Save. */}
          <SaveRow
            label={t("settings.fiscalYearSave")}
            loading={save.isPending}
            saved={saved ? t("settings.saved") : null}
          />
        </Stack>
      </form>
    </Stack>
  );
}
