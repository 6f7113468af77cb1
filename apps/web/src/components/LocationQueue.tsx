import { Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { programName } from "@vsi/i18n/languages";
import { useState } from "react";
import { refetchNow } from "@vsi/web-common/refetch-now";
import { useLocationStreams } from "../hooks/useLocationStreams";
import { useQueueActions } from "../hooks/useQueueActions";
import { LocationScreens } from "./LocationScreens";
import { QueueActionNotice, QueueDeskField } from "./QueueDesk";
import { queryClient, trpc } from "../lib/trpc";

/**
 * A location's line for staff on a phone or tablet: call the next number (or one number) to a
 * desk, then mark it served or not present; live, as every change at the location is announced.
 * The now-serving screens are made and revoked here too.
 */
export function LocationQueue({ locationId }: { locationId: number }) {
  const { t, language } = useStaffTranslation();
  const options = trpc.queue.get.queryOptions({ id: locationId });
  const queue = useQuery(options);
  const refresh = () => void refetchNow(queryClient, { queryKey: options.queryKey });
  useLocationStreams([locationId], refresh);
  const actions = useQueueActions(refresh);
  const { desk, callNext, call, served, noShow } = actions;
  // Where programs have lines of their own: which line "Call next" calls from (none: any).
  const [lineId, setLineId] = useState<string | null>(null);
  const rows = [...(queue.data?.serving ?? []), ...(queue.data?.waiting ?? [])];
  const lines = new Map(rows.flatMap((row) => (row.line ? [[row.line.id, row.line]] : [])));
  const lineLabel = (line: (typeof rows)[number]["line"]) =>
    lines.size === 0 ? null : (
      <Text span size="sm" c="dimmed" data-line>
        {line ? programName(line, language) : t("queue.sharedLine")}
      </Text>
    );

  return (
    <Stack gap="sm" data-queue-panel>
      <Title order={3}>{t("queue.title")}</Title>
      <Group align="flex-end">
        <QueueDeskField actions={actions} />
        {lines.size > 0 ? (
          <Select
            label={t("queue.line")}
            placeholder={t("queue.anyLine")}
            clearable
            value={lineId}
            onChange={setLineId}
            data={[...lines.values()].map((line) => ({
              value: String(line.id),
              label: programName(line, language),
            }))}
            w={200}
          />
        ) : null}
        <Button
          size="md"
          loading={callNext.isPending}
          onClick={() =>
            callNext.mutate({
              id: locationId,
              desk,
              ...(lineId !== null && lines.has(Number(lineId))
                ? { programId: Number(lineId) }
                : {}),
            })
          }
        >
          {t("queue.callNext")}
        </Button>
      </Group>
      <QueueActionNotice actions={actions} />

      <Title order={4}>{t("queue.serving")}</Title>
      {queue.data?.serving.length ? (
        queue.data.serving.map((row) => (
          <Group key={row.visitId} justify="space-between" data-serving={row.number}>
            <Text fw={700} size="xl">
              {row.number}{" "}
              <Text span size="md" c="dimmed">
                {t("queue.atDesk", { desk: row.desk ?? "" })}
              </Text>{" "}
              {lineLabel(row.line)}
            </Text>
            <Group gap="xs">
              <Button size="sm" color="green" onClick={() => served.mutate({ id: row.visitId })}>
                {t("queue.served")}
              </Button>
              <Button
                size="sm"
                variant="default"
                onClick={() => noShow.mutate({ id: row.visitId })}
              >
                {t("queue.notPresent")}
              </Button>
            </Group>
          </Group>
        ))
      ) : (
        <Text c="dimmed">{t("queue.nobodyServing")}</Text>
      )}

      <Title order={4}>{t("queue.waiting")}</Title>
      {queue.data?.waiting.length ? (
        queue.data.waiting.map((row) => (
          <Group key={row.visitId} justify="space-between" data-waiting={row.number}>
            <Text fw={700} size="lg">
              {row.number} {lineLabel(row.line)}
            </Text>
            <Button
              size="sm"
              variant="light"
              onClick={() => call.mutate({ id: row.visitId, desk })}
            >
              {t("queue.call", { number: row.number })}
            </Button>
          </Group>
        ))
      ) : (
        <Text c="dimmed">{t("queue.nobodyWaiting")}</Text>
      )}

      <LocationScreens locationId={locationId} />
    </Stack>
  );
}
