import { Container, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconChartBar, IconListDetails, IconMapPin } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { positiveInt } from "@vsi/web-common/search-params";
import { browserTimeZone } from "@vsi/web-common/time";
import { refetchNow } from "@vsi/web-common/refetch-now";
import { FeatureCard } from "../../components/FeatureCard";
import { Loading } from "../../components/Loading";
import { PageTitle } from "../../components/PageTitle";
import { SetupChecklist } from "../../components/SetupChecklist";
import { TodayFigures } from "../../components/TodayFigures";
import { UnexpectedErrorAlert } from "../../components/UnexpectedErrorAlert";
import { ButtonLink } from "../../components/links";
import { useLocationStreams } from "../../hooks/useLocationStreams";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/dashboard/")({
  // A plain reader, not zod: route definitions are in the first chunk every page loads.
  validateSearch: (search: Record<string, unknown>): { locationId?: number } => {
    const locationId = positiveInt(search.locationId);
    return locationId === undefined ? {} : { locationId };
  },
  component: DashboardPage,
});

const pollMs = 15_000;

// The spec's three cards, kept below the figures.
const cards = [
  { to: "/dashboard/locations", key: "locations", icon: IconMapPin },
  { to: "/dashboard/programs", key: "programs", icon: IconListDetails },
  { to: "/dashboard/reports", key: "reports", icon: IconChartBar },
] as const;

function DashboardPage() {
  const { t, language } = useStaffTranslation();
  const { locationId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const client = useQueryClient();
  // Issued together, so the figures and the location list come in one batched request.
  const list = useQuery(trpc.locations.list.queryOptions());
  const locations = list.data ?? [];
  // Live as the On site page is: a visit changing at a shown location fetches the figures again;
  // until the streams listen (or with too many to hold), the figures are polled.
  const shown = locationId === undefined ? locations.map((l) => l.id) : [locationId];
  const streams = useLocationStreams(
    list.data ? shown : [],
    () => void refetchNow(client, { queryKey: trpc.reports.today.queryKey() }),
  );
  const today = useQuery({
    // The busiest program and the chart's programs named in the reader's language.
    ...trpc.reports.today.queryOptions({ locationId, timeZone: browserTimeZone(), language }),
    placeholderData: keepPreviousData,
    refetchInterval: streams === "live" ? false : pollMs,
  });
  const chosen = locations.find((l) => l.id === locationId);

  return (
    <Container size="lg" px={0}>
      <Stack>
        <PageTitle>{t("dashboard.title")}</PageTitle>
        {today.data?.setup ? <SetupChecklist setup={today.data.setup} /> : null}
        {locations.length > 1 || locationId !== undefined ? (
          <NativeSelect
            label={t("dashboard.location")}
            maw={360}
            value={locationId === undefined ? "" : String(locationId)}
            data={[
              { value: "", label: t("dashboard.allLocations") },
              ...locations.map((l) => ({ value: String(l.id), label: l.Name })),
            ]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              void navigate({ search: { locationId: value ? Number(value) : undefined } });
            }}
          />
        ) : null}
        {today.isError && !today.data ? <UnexpectedErrorAlert /> : null}
        {today.isPending ? <Loading /> : null}
        {today.data ? (
          <>
            <TodayFigures today={today.data} locationId={locationId} freshness={streams} />
            <Text size="xs" c="dimmed">
              {chosen
                ? t("dashboard.daysOf", { name: chosen.Name, zone: chosen.TimeZone })
                : t("dashboard.daysOfEach")}
            </Text>
          </>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {cards.map((card) => (
            <FeatureCard
              key={card.to}
              icon={card.icon}
              title={t(`dashboard.cards.${card.key}.title`)}
              text={t(`dashboard.cards.${card.key}.text`)}
              iconSize={32}
              titleSize="h3"
            >
              <ButtonLink to={card.to} mt="auto">
                {t(`dashboard.cards.${card.key}.manage`)}
              </ButtonLink>
            </FeatureCard>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
