import { Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ListPage } from "../../components/ListPage";
import { ButtonLink } from "../../components/links";
import { Loading } from "../../components/Loading";
import { ScrollTable } from "../../components/ScrollTable";
import { useLocationStreams } from "../../hooks/useLocationStreams";
import { groupOnSite, onSiteCsvUrl, stayLength, type OnSiteVisit } from "../../lib/onSite";
import { positiveInt } from "@vsi/web-common/search-params";
import { headcount } from "@vsi/api/schemas";
import { browserTimeZone } from "@vsi/web-common/time";
import { refetchNow } from "@vsi/web-common/refetch-now";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { trpc } from "../../lib/trpc";
import { RollCallStart } from "../../components/RollCallStart";
import classes from "./OnSite.module.css";

export const Route = createFileRoute("/dashboard/on-site")({
  // A plain reader, not zod: route definitions are in the first chunk every page loads.
  validateSearch: (search: Record<string, unknown>): { locationId?: number } => {
    const locationId = positiveInt(search.locationId);
    return locationId === undefined ? {} : { locationId };
  },
  component: OnSitePage,
});

const pollMs = 15_000;

/** Re-renders every minute, so "here for" keeps counting. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Formats = ReturnType<typeof useStaffTranslation>;

/** The time in, with its date when it was not in the last day (someone who never signed out). */
function timeIn(format: Formats, iso: string, now: number): string {
  return now - Date.parse(iso) < 86_400_000 ? format.formatTime(iso) : format.formatDateTime(iso);
}

function OnSitePage() {
  const { locationId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const shown = locationId === undefined ? locations.map((l) => l.id) : [locationId];
  const client = useQueryClient();
  const streams = useLocationStreams(
    shown,
    () => void refetchNow(client, { queryKey: trpc.visits.open.queryKey() }),
    () => void refetchNow(client, { queryKey: trpc.rollCalls.list.queryKey() }),
  );
  const open = useQuery({
    ...trpc.visits.open.queryOptions({ locationId }),
    refetchInterval: streams === "live" ? false : pollMs,
  });
  const signOut = useMutation({
    ...trpc.visits.signOut.mutationOptions(),
    onSettled: () => client.invalidateQueries({ queryKey: trpc.visits.open.queryKey() }),
  });
  const now = useMinuteClock();
  const format = useStaffTranslation();
  const { t } = format;
  const visits = (open.data ?? []) as OnSiteVisit[];
  const groups = groupOnSite(visits, format.language);

  return (
    <ListPage
      title={t("onSite.title")}
      actions={
        <Group className={classes.noPrint} gap="sm">
          <Button
            component="a"
            variant="default"
            href={onSiteCsvUrl(locationId, browserTimeZone())}
            download
          >
            {t("onSite.csv")}
          </Button>
          <Button onClick={() => window.print()}>{t("onSite.print")}</Button>
          <ButtonLink variant="default" to="/dashboard/scan">
            {t("scan.open")}
          </ButtonLink>
        </Group>
      }
    >
      <Group className={classes.noPrint} align="end">
        <NativeSelect
          label={t("filters.location")}
          value={locationId === undefined ? "" : String(locationId)}
          data={[
            { value: "", label: t("filters.allLocations") },
            ...locations.map((l) => ({ value: String(l.id), label: l.Name })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            void navigate({ search: { locationId: value ? Number(value) : undefined } });
          }}
        />
        <Text c="dimmed" size="sm" aria-live="polite">
          {open.data ? `${t("onSite.signedIn", { count: headcount(visits) })} · ` : ""}
          {t(`onSite.freshness.${streams}`)}
        </Text>
      </Group>
      {open.isPending ? <Loading /> : null}
      {open.data && visits.length === 0 ? <Text>{t("onSite.nobody")}</Text> : null}
      {/* One location's start stays where it is while its names load and change: a start's
          failure, said by its buttons, is not lost to them moving into the location's box. */}
      {locationId !== undefined ? (
        <RollCallStart
          className={classes.noPrint}
          locationId={locationId}
          place={locations.find((l) => l.id === locationId)?.Name ?? ""}
        />
      ) : null}
      <Stack>
        {groups.map((location) => (
          <section
            key={location.locationId}
            className={classes.location}
            aria-label={location.locationName}
          >
            <Paper withBorder p={{ base: "sm", xs: "md" }}>
              <Group justify="space-between" align="start">
                <Title order={2} size="h3">
                  {location.locationName}
                </Title>
                {locationId === undefined ? (
                  <RollCallStart
                    className={classes.noPrint}
                    locationId={location.locationId}
                    place={location.locationName}
                  />
                ) : null}
              </Group>
              <Text size="sm" c="dimmed" mb="sm">
                {t("onSite.signedIn", {
                  count: headcount(location.programs.flatMap((p) => p.visits)),
                })}{" "}
                · {t("onSite.asOf", { time: format.formatTime(new Date(now).toISOString()) })}
              </Text>
              <Stack gap="md">
                {location.programs.map((program) => (
                  <ScrollTable
                    key={program.programId}
                    label={`${location.locationName}: ${program.programName}`}
                    caption={program.programName}
                    minWidth={320}
                    verticalSpacing="xs"
                    horizontalSpacing="xs"
                    columns={[
                      {
                        title: t("onSite.here"),
                        className: `${classes.printOnly} ${classes.tick}`,
                      },
                      t("common.name"),
                      t("onSite.timeIn"),
                      // On a phone the columns a warden needs fit, Sign out in sight.
                      { title: t("onSite.hereFor"), visibleFrom: "xs" },
                      { title: t("common.action"), className: classes.noPrint },
                    ]}
                    rows={program.visits}
                    rowKey={(visit) => visit.id}
                    cells={(visit) => {
                      const name = `${visit.FirstName} ${visit.LastName}`;
                      return (
                        <>
                          <Table.Td className={`${classes.printOnly} ${classes.tick}`} />
                          <Table.Td>{name}</Table.Td>
                          <Table.Td className={classes.nowrap}>
                            {timeIn(format, visit.TimeIn, now)}
                          </Table.Td>
                          <Table.Td visibleFrom="xs">{stayLength(visit.TimeIn, now)}</Table.Td>
                          <Table.Td className={classes.noPrint}>
                            <Button
                              // A thumb's target: signing out a crowd at closing time.
                              size="sm"
                              mih={44}
                              px="sm"
                              variant="light"
                              aria-label={t("onSite.signOutName", { name })}
                              loading={signOut.isPending && signOut.variables.id === visit.id}
                              onClick={() => signOut.mutate({ id: visit.id })}
                            >
                              {t("onSite.signOut")}
                            </Button>
                          </Table.Td>
                        </>
                      );
                    }}
                  />
                ))}
              </Stack>
            </Paper>
          </section>
        ))}
      </Stack>
    </ListPage>
  );
}
