import { Button, Group, Select, Table, Text } from "@mantine/core";
import { MonthPickerInput } from "@mantine/dates";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ageBandLabel, defaultAgeBands, maxPartnerMonths, monthsBetween } from "@vsi/api/schemas";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { browserTimeZone, todayInZone } from "@vsi/web-common/time";
import { positiveInt } from "@vsi/web-common/search-params";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ListPage } from "../../components/ListPage";
import { Loading } from "../../components/Loading";
import { ReportTabs } from "../../components/ReportTabs";
import { ScrollTable } from "../../components/ScrollTable";
import { presetRange } from "../../lib/datePresets";
import { monthLabel } from "../../lib/funderSummary";
import { reportTimeZone } from "../../lib/reportFilters";
import { loadReportFilters } from "../../lib/reportPrefetch";
import { bandsLabel, calendarMonthOf, presetLabel } from "../../lib/reportPresets";
import { queryClient, trpc } from "../../lib/trpc";

interface PartnerSearch {
  from?: string;
  to?: string;
  locationId?: number;
  presetId?: number;
}

export const Route = createFileRoute("/dashboard/reports_/partner")({
  validateSearch: (search: Record<string, unknown>): PartnerSearch =>
    Object.fromEntries(
      Object.entries({
        from: calendarMonthOf(search.from),
        to: calendarMonthOf(search.to),
        locationId: positiveInt(search.locationId),
        presetId: positiveInt(search.presetId),
      }).filter(([, value]) => value !== undefined),
    ),
  loader: () =>
    Promise.all([
      loadReportFilters(),
      queryClient.ensureQueryData(trpc.reportPresets.list.queryOptions()),
    ]),
  component: PartnerReportPage,
});

/** The address of the report's page to print or its CSV, for the same choices. */
function reportUrl(query: Record<string, string | number | undefined>, csv: boolean) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) params.set(name, String(value));
  if (csv) params.set("format", "csv");
  return `/api/reports/partner${csv ? "" : "/print"}?${params.toString()}`;
}

/**
 * The monthly partner report: the months, location and preset picked here, its figures below, and
 * the page to print and the CSV a food bank asks for.
 */
function PartnerReportPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { t, locale, language } = useStaffTranslation();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { data: presets } = useSuspenseQuery(trpc.reportPresets.list.queryOptions());
  const { timeZone, zoneOf } = reportTimeZone(locations, search.locationId, browserTimeZone());
  // No months chosen: last month, what a monthly report covers.
  const lastMonth = presetRange("lastMonth", todayInZone(timeZone)).from.slice(0, 7);
  const from = search.from ?? lastMonth;
  const to = search.to ?? from;
  // The first preset ("Monthly partner report" on a new install) unless another is chosen.
  const presetId = search.presetId ?? presets[0]?.id;
  const months = monthsBetween(from, to);
  const toError =
    months < 1
      ? t("serverMessages.toBeforeFrom")
      : months > maxPartnerMonths
        ? t("serverMessages.atMostMonths", { months: maxPartnerMonths })
        : undefined;
  const query = { from, to, locationId: search.locationId, presetId, timeZone, language };
  const report = useQuery({
    ...trpc.reports.partner.queryOptions(query),
    placeholderData: keepPreviousData,
    enabled: toError === undefined,
  });
  const shown = toError ? undefined : report.data;
  const go = (next: PartnerSearch) => void navigate({ search: { ...search, ...next } });
  const monthValue = (month: string) => `${month}-01`;
  const monthOf = (value: string | null) => (value ? value.slice(0, 7) : undefined);

  return (
    <ListPage
      title={t("partnerReport.title")}
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            component="a"
            href={reportUrl(query, true)}
            download
            disabled={toError !== undefined}
          >
            {t("partnerReport.csv")}
          </Button>
          <Button
            component="a"
            href={reportUrl(query, false)}
            target="_blank"
            rel="noopener"
            disabled={toError !== undefined}
          >
            {t("partnerReport.print")}
          </Button>
        </Group>
      }
    >
      <ReportTabs current="partner" />
      <Group align="flex-start" gap="sm" wrap="wrap">
        <MonthPickerInput
          label={t("filters.from")}
          value={monthValue(from)}
          valueFormat="MMMM YYYY"
          onChange={(value) => go({ from: monthOf(value) })}
          w={200}
        />
        <MonthPickerInput
          label={t("filters.to")}
          value={monthValue(to)}
          valueFormat="MMMM YYYY"
          onChange={(value) => go({ to: monthOf(value) })}
          error={toError}
          w={200}
        />
        <Select
          label={t("filters.location")}
          data={[
            { value: "", label: t("partnerReport.allLocations") },
            ...locations.map((location) => ({ value: String(location.id), label: location.Name })),
          ]}
          value={search.locationId === undefined ? "" : String(search.locationId)}
          allowDeselect={false}
          onChange={(value) => go({ locationId: value ? Number(value) : undefined })}
          w={220}
        />
        <Select
          label={t("partnerReport.presetLabel")}
          data={presets.map((preset) => ({ value: String(preset.id), label: presetLabel(preset) }))}
          value={presetId === undefined ? null : String(presetId)}
          allowDeselect={false}
          onChange={(value) => go({ presetId: value ? Number(value) : undefined })}
          placeholder={bandsLabel(defaultAgeBands)}
          w={420}
          maw="100%"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {zoneOf
          ? t("reports.funder.zoneOf", { name: zoneOf, zone: timeZone })
          : t("reports.funder.zoneViewer", { zone: timeZone })}
      </Text>
      {toError ? null : shown ? (
        <ScrollTable
          label={t("partnerReport.title")}
          minWidth={900}
          verticalSpacing="xs"
          columns={[
            t("partnerReport.month"),
            t("partnerReport.location"),
            t("partnerReport.program"),
            t("partnerReport.households"),
            t("partnerReport.newHouseholds"),
            t("partnerReport.individuals"),
            t("partnerReport.partySizes"),
            ...shown.bands.map((band) =>
              band === "unknown" ? t("partnerReport.ageUnknown") : ageBandLabel(band),
            ),
          ]}
          rows={shown.rows}
          rowKey={(row) => `${row.month} ${row.locationId} ${row.programId}`}
          cells={(row) => (
            <>
              <Table.Td>{monthLabel(row.month, locale)}</Table.Td>
              <Table.Td>{row.locationName}</Table.Td>
              <Table.Td>{row.programName}</Table.Td>
              <Table.Td ta="right">{row.households}</Table.Td>
              <Table.Td ta="right">{row.newHouseholds}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {row.individuals}
              </Table.Td>
              <Table.Td ta="right">{row.partySizes}</Table.Td>
              {row.ageBands.map(({ band, count }) => (
                <Table.Td key={band} ta="right">
                  {count}
                </Table.Td>
              ))}
            </>
          )}
          empty={t("partnerReport.noVisitsAtAll")}
        />
      ) : report.isError ? (
        <ErrorAlert>{t("partnerReport.loadFailed")}</ErrorAlert>
      ) : (
        <Loading />
      )}
    </ListPage>
  );
}
