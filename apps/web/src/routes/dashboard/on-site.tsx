import { Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ListPage } from "../../components/ListPage";
import { Loading } from "../../components/Loading";
import { ScrollTable } from "../../components/ScrollTable";
import { useLocationStreams } from "../../hooks/useLocationStreams";
import { groupOnSite, onSiteCsvUrl, stayLength, type OnSiteVisit } from "../../lib/onSite";
import { positiveInt } from "@vsi/web-common/search-params";
import { browserTimeZone, formatLocalDate, formatLocalTime } from "@vsi/web-common/time";
import { trpc } from "../../lib/trpc";
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

/** What the page says about its freshness: the truth of its streams. */
const freshness = {
  live: "updates live",
  connecting: "connecting…",
  reconnecting: "reconnecting — refreshing every 15 s",
  polling: "refreshes every 15 s",
} as const;

/** Re-renders every minute, so "here for" keeps counting. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The time in, with its date when it was not in the last day (someone who never signed out). */
function timeIn(iso: string, now: number): string {
  const time = formatLocalTime(iso);
  return now - Date.parse(iso) < 86_400_000 ? time : `${formatLocalDate(iso)} ${time}`;
}

function OnSitePage() {
  const { locationId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const shown = locationId === undefined ? locations.map((l) => l.id) : [locationId];
  const client = useQueryClient();
  const streams = useLocationStreams(
    shown,
    () => void client.invalidateQueries({ queryKey: trpc.visits.open.queryKey() }),
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
  const visits = (open.data ?? []) as OnSiteVisit[];
  const groups = groupOnSite(visits);

  return (
    <ListPage
      title="On site now"
      actions={
        <Group className={classes.noPrint} gap="sm">
          <Button
            component="a"
            variant="default"
            href={onSiteCsvUrl(locationId, browserTimeZone())}
            download
          >
            Download CSV
          </Button>
          <Button onClick={() => window.print()}>Print roll call</Button>
        </Group>
      }
    >
      <Group className={classes.noPrint} align="end">
        <NativeSelect
          label="Location"
          value={locationId === undefined ? "" : String(locationId)}
          data={[
            { value: "", label: "All Locations" },
            ...locations.map((l) => ({ value: String(l.id), label: l.Name })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            void navigate({ search: { locationId: value ? Number(value) : undefined } });
          }}
        />
        <Text c="dimmed" size="sm" aria-live="polite">
          {open.data ? `${visits.length} signed in` : ""}
          {` · ${freshness[streams]}`}
        </Text>
      </Group>
      {open.isPending ? <Loading /> : null}
      {open.data && visits.length === 0 ? <Text>Nobody is signed in right now.</Text> : null}
      <Stack>
        {groups.map((location) => (
          <section
            key={location.locationId}
            className={classes.location}
            aria-label={location.locationName}
          >
            <Paper withBorder p="md">
              <Title order={2} size="h3">
                {location.locationName}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {location.programs.reduce((sum, p) => sum + p.visits.length, 0)} signed in · as of{" "}
                {formatLocalTime(new Date(now).toISOString())}
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
                      { title: "Here", className: `${classes.printOnly} ${classes.tick}` },
                      "Name",
                      "Time in",
                      "Here for",
                      { title: "Action", className: classes.noPrint },
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
                            {timeIn(visit.TimeIn, now)}
                          </Table.Td>
                          <Table.Td>{stayLength(visit.TimeIn, now)}</Table.Td>
                          <Table.Td className={classes.noPrint}>
                            <Button
                              size="compact-sm"
                              variant="light"
                              aria-label={`Sign out ${name}`}
                              loading={signOut.isPending && signOut.variables.id === visit.id}
                              onClick={() => signOut.mutate({ id: visit.id })}
                            >
                              Sign out
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
