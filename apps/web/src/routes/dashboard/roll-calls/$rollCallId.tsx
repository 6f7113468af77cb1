import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import type { RollCallPerson } from "@vsi/api/schemas";
import { watchLocation } from "@vsi/web-common/location-stream";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { ButtonLink } from "../../../components/links";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { deviceName } from "../../../lib/deviceName";
import { keepRollCall, keptRollCall } from "../../../lib/offlineRollCall";
import { counts, rollCallLists, withPending } from "../../../lib/rollCall";
import { MarkQueue, useMarkQueue } from "../../../lib/rollCallQueue";
import { keepRollCallScreen } from "../../../lib/rollCallWorker";
import { useCurrentUser } from "../../../lib/session";
import { trpc, trpcClient } from "../../../lib/trpc";
import classes from "./RollCall.module.css";

export const Route = createFileRoute("/dashboard/roll-calls/$rollCallId")({
  component: RollCallPage,
});

/** Every roll call's marks wait in one queue, kept across pages: a mark is never lost by leaving. */
let queue: MarkQueue | undefined;
function markQueue(sent: (rollCallId: number, person: RollCallPerson | undefined) => void) {
  queue ??= new MarkQueue(
    (mark) =>
      trpcClient.rollCalls.mark.mutate({
        id: mark.rollCallId,
        personId: mark.personId,
        safe: mark.safe,
        markedAt: mark.markedAt,
        device: deviceName(),
      }),
    (mark, person) => sent(mark.rollCallId, person as RollCallPerson | undefined),
  );
  return queue;
}

/** The roll call on a phone outdoors: large names, one tap each, the unaccounted first. */
function RollCallPage() {
  const id = Number(Route.useParams().rollCallId);
  const { t, formatTime } = useStaffTranslation();
  const client = useQueryClient();
  const options = trpc.rollCalls.get.queryOptions({ id });
  // The last state this phone kept shows at once, and with no network (after a reload too).
  const kept = keptRollCall(id);
  const { data: rollCall, dataUpdatedAt } = useSuspenseQuery({
    ...options,
    refetchInterval: 15_000,
    initialData: kept?.rollCall,
    initialDataUpdatedAt: kept?.savedAt,
  });
  const user = useCurrentUser();
  const refetch = (rollCallId: number) =>
    void client.invalidateQueries({ queryKey: trpc.rollCalls.get.queryKey({ id: rollCallId }) });
  // The person as the server has them now, at once; the whole roll call again after.
  const marks = markQueue((rollCallId, person) => {
    if (person)
      client.setQueryData(
        trpc.rollCalls.get.queryKey({ id: rollCallId }),
        (old) =>
          old && { ...old, people: old.people.map((p) => (p.id === person.id ? person : p)) },
      );
    refetch(rollCallId);
  });
  const { marks: waiting, offline, refused } = useMarkQueue(marks);
  const [search, setSearch] = useState("");
  const [ending, setEnding] = useState(false);
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (user) keepRollCall(rollCall, user, dataUpdatedAt);
  }, [rollCall, user, dataUpdatedAt]);
  useEffect(keepRollCallScreen, []);

  // Other devices' marks arrive on the location's stream; the network's coming and going drives the queue.
  useEffect(() => {
    const online = () => marks.setOnline(true);
    const gone = () => marks.setOnline(false);
    window.addEventListener("online", online);
    window.addEventListener("offline", gone);
    void marks.flush();
    if (typeof EventSource === "undefined")
      return () => {
        window.removeEventListener("online", online);
        window.removeEventListener("offline", gone);
      };
    const stop = watchLocation(rollCall.locationId, {
      live: () => {
        setLive(true);
        refetch(id);
      },
      visit: () => undefined,
      refresh: () => refetch(id),
      down: () => setLive(false),
      rollCall: (change) => {
        if (change.rollCallId === id) refetch(id);
      },
    });
    return () => {
      stop();
      window.removeEventListener("online", online);
      window.removeEventListener("offline", gone);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per roll call
  }, [id, rollCall.locationId]);

  const mine = waiting.filter((mark) => mark.rollCallId === id);
  const notRecorded = refused.filter((mark) => mark.rollCallId === id);
  const people = useMemo(() => withPending(rollCall.people, mine), [rollCall.people, mine]);
  const { accounted, total } = counts(people);
  const lists = rollCallLists(people, search);
  const open = rollCall.endedAt === null;
  const missing = people.filter((p) => !p.safe);

  const end = useMutation({
    ...trpc.rollCalls.end.mutationOptions(),
    onSettled: () => {
      setEnding(false);
      refetch(id);
    },
  });

  const row = (person: RollCallPerson) => (
    <li key={person.id} className={classes.person} data-safe={person.safe}>
      <button
        type="button"
        className={classes.tap}
        disabled={!open}
        // Its name is what it shows: the person, their program, and whether they are safe.
        aria-pressed={person.safe}
        onClick={() => marks.add({ rollCallId: id, personId: person.id, safe: !person.safe })}
      >
        <span className={classes.name}>{person.name}</span>
        <span className={classes.detail}>
          {person.program ?? t("rollCall.addedPerson")}
          {person.safe && person.markedAt ? ` · ${formatTime(person.markedAt)}` : ""}
        </span>
        <span className={classes.state}>
          {person.safe ? `✓ ${t("rollCall.safe")}` : t("rollCall.notSafe")}
        </span>
      </button>
    </li>
  );

  return (
    <Stack className={classes.page} gap="md">
      <Title order={1} size="h2">
        {t(rollCall.drill ? "rollCall.drillTitle" : "rollCall.title")} · {rollCall.locationName}
      </Title>
      <div className={classes.counterBar}>
        <Text className={classes.counter} aria-live="polite" role="status">
          {t("rollCall.counter", { accounted, total })}
        </Text>
        {/* Its line stays while the stream is down, so the names below never move. */}
        <Text size="sm" c="dimmed" className={live && !offline ? undefined : classes.unseen}>
          {t("rollCall.live")}
        </Text>
      </div>
      {/* Over the page's foot, not in its flow: marks coming and going never move a name from
          under the next tap. */}
      {offline || mine.length > 0 ? (
        <div className={classes.statusBar}>
          <Alert color={offline ? "yellow" : "blue"} role="status">
            {offline ? <Text fw={700}>{t("rollCall.offline")}</Text> : null}
            <Text>{t("rollCall.waiting", { count: mine.length })}</Text>
          </Alert>
        </div>
      ) : null}
      {notRecorded.length > 0 ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{t("rollCall.refused", { count: notRecorded.length })}</Text>
            <Button variant="default" onClick={() => marks.dismissRefused(id)}>
              {t("rollCall.refusedDismiss")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {!open ? (
        <Alert color="gray">
          <Group justify="space-between">
            <Text>{t("rollCall.ended")}</Text>
            <ButtonLink
              to="/dashboard/reports/roll-calls/$rollCallId"
              params={{ rollCallId: String(id) }}
              variant="default"
            >
              {t("rollCall.record")}
            </ButtonLink>
          </Group>
        </Alert>
      ) : null}
      <TextInput
        size="lg"
        type="search"
        label={t("rollCall.search")}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <section aria-labelledby="unaccounted">
        <Title order={2} size="h4" id="unaccounted">
          {t("rollCall.unaccounted")} ({lists.unaccounted.length})
        </Title>
        <ul className={classes.list}>{lists.unaccounted.map(row)}</ul>
      </section>
      <section aria-labelledby="accounted">
        <Title order={2} size="h4" id="accounted">
          {t("rollCall.accounted")} ({lists.accounted.length})
        </Title>
        <ul className={classes.list}>{lists.accounted.map(row)}</ul>
      </section>
      {search && lists.unaccounted.length + lists.accounted.length === 0 ? (
        <Text>{t("rollCall.noOne")}</Text>
      ) : null}
      {open ? (
        <>
          <AddPerson rollCallId={id} onAdded={() => refetch(id)} />
          <Button size="lg" color="red" onClick={() => setEnding(true)}>
            {t("rollCall.end")}
          </Button>
        </>
      ) : null}
      <Modal
        opened={ending}
        onClose={() => setEnding(false)}
        title={t("rollCall.endConfirmTitle")}
        closeButtonProps={{ "aria-label": t("common.close") }}
      >
        <Stack>
          {missing.length > 0 ? (
            <>
              <Text fw={700}>{t("rollCall.stillMissing", { count: missing.length })}</Text>
              <ul className={classes.missing}>
                {missing.map((p) => (
                  <li key={p.id}>{p.name}</li>
                ))}
              </ul>
            </>
          ) : (
            <Text>{t("rollCall.allAccounted")}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(false)}>
              {t("rollCall.keepGoing")}
            </Button>
            <Button color="red" loading={end.isPending} onClick={() => end.mutate({ id })}>
              {t("rollCall.endConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function AddPerson({ rollCallId, onAdded }: { rollCallId: number; onAdded: () => void }) {
  const { t } = useStaffTranslation();
  const [name, setName] = useState("");
  const add = useMutation(trpc.rollCalls.addPerson.mutationOptions());
  const errors = useServerErrors(["name"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { id: rollCallId, name },
      {
        onSuccess: () => {
          setName("");
          errors.clear();
          onAdded();
        },
        onError: errors.report,
      },
    );
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit}>
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <Title order={2} size="h4" mb="xs">
        {t("rollCall.addTitle")}
      </Title>
      <Group align="end" wrap="nowrap">
        <TextInput
          size="lg"
          style={{ flex: 1 }}
          label={t("rollCall.addName")}
          value={name}
          error={errors.fieldErrors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button size="lg" type="submit" loading={add.isPending}>
          {t("rollCall.add")}
        </Button>
      </Group>
    </Paper>
  );
}
