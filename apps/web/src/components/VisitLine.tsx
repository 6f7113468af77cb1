import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { programName } from "@vsi/i18n/languages";
import { refetchNow } from "@vsi/web-common/refetch-now";
import { useLocationStreams } from "../hooks/useLocationStreams";
import { useQueueActions } from "../hooks/useQueueActions";
import { queryClient, trpc } from "../lib/trpc";
import type { Visit } from "../lib/types";
import { QueueActionNotice, QueueDeskField } from "./QueueDesk";

/**
 * A numbered visit's place in the line, as staff see it at the desk after scanning its ticket:
 * its number and state, and the step that comes next. "Served" on a waiting number calls it to
 * the desk and serves it at once: the person is standing there. The state is the location's line
 * as it is today, so yesterday's number is not shown waiting; live, as the panel is.
 */
export function VisitLine({ visit, number }: { visit: Visit; number: number }) {
  const { t, language } = useStaffTranslation();
  const queue = useQuery(trpc.queue.get.queryOptions({ id: visit.LocationId }));
  const refresh = () => {
    void refetchNow(queryClient, { queryKey: trpc.visits.pathKey() });
    void refetchNow(queryClient, { queryKey: trpc.queue.pathKey() });
  };
  useLocationStreams([visit.LocationId], refresh);
  const actions = useQueueActions(refresh);
  const { desk, call, served, noShow } = actions;

  const called = queue.data?.serving.find((row) => row.visitId === visit.id);
  const waiting = queue.data?.waiting.find((row) => row.visitId === visit.id);
  const line = (called ?? waiting)?.line;
  const id = visit.id;
  // Served names its desk: who looks the visit up later sees where it was seen to.
  const state = visit.ServedAt
    ? {
        label: visit.CalledTo ? t("queue.servedAt", { desk: visit.CalledTo }) : t("queue.served"),
        color: "teal",
      }
    : visit.NoShowAt
      ? { label: t("queue.notPresent"), color: "gray" }
      : called
        ? { label: t("queue.calledTo", { desk: called.desk ?? "" }), color: "blue" }
        : waiting
          ? { label: t("queue.waiting"), color: "yellow" }
          : queue.data
            ? { label: t("queue.notInLine"), color: "gray" }
            : null;

  return (
    <Stack gap="xs" data-visit-line>
      <Group justify="space-between">
        <Text fw={700} size="xl" data-queue-number>
          {t("queue.number", { number })}
          {line ? (
            <Text span size="md" c="dimmed" fw={400}>
              {" "}
              {programName(line, language)}
            </Text>
          ) : null}
        </Text>
        {state ? (
          <Badge color={state.color} size="lg" data-queue-state>
            {state.label}
          </Badge>
        ) : null}
      </Group>
      {waiting && !visit.ServedAt ? (
        <>
          <Group align="flex-end">
            <QueueDeskField actions={actions} />
            <Button
              loading={call.isPending}
              variant="light"
              onClick={() => call.mutate({ id, desk })}
            >
              {t("queue.call", { number })}
            </Button>
            <Button
              color="green"
              loading={served.isPending}
              onClick={() => served.mutate({ id, desk })}
            >
              {t("queue.served")}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t("queue.servedAtOnce")}
          </Text>
        </>
      ) : called && !visit.ServedAt && !visit.NoShowAt ? (
        <Group>
          <Button color="green" loading={served.isPending} onClick={() => served.mutate({ id })}>
            {t("queue.served")}
          </Button>
          <Button
            variant="default"
            loading={noShow.isPending}
            onClick={() => noShow.mutate({ id })}
          >
            {t("queue.notPresent")}
          </Button>
        </Group>
      ) : null}
      <QueueActionNotice actions={actions} />
    </Stack>
  );
}
