import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { httpStatusOf, messageOf } from "@vsi/web-common/api-errors";
import { useState } from "react";
import { useLocationStreams } from "../hooks/useLocationStreams";
import { useServerErrors } from "../hooks/useServerErrors";
import { translateServerMessage } from "../lib/serverMessages";
import { queryClient, trpc } from "../lib/trpc";

const deskFields = ["desk"] as const;

/**
 * A location's line for staff on a phone or tablet: call the next number (or one number) to a
 * desk, then mark it served or not present; live, as every change at the location is announced.
 * The now-serving screen's link is made here too.
 */
export function LocationQueue({ locationId }: { locationId: number }) {
  const { t, language } = useStaffTranslation();
  const options = trpc.queue.get.queryOptions({ id: locationId });
  const queue = useQuery(options);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });
  useLocationStreams([locationId], refresh);
  const [desk, setDesk] = useState("");
  const errors = useServerErrors(deskFields);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 409) setRefusal(translateServerMessage(language, messageOf(error)));
    else errors.report(error);
    refresh();
  };
  const onSuccess = () => {
    errors.clear();
    setRefusal(null);
    refresh();
  };
  const callNext = useMutation(trpc.queue.callNext.mutationOptions({ onError, onSuccess }));
  const call = useMutation(trpc.queue.callNumber.mutationOptions({ onError, onSuccess }));
  const served = useMutation(trpc.queue.served.mutationOptions({ onError, onSuccess }));
  const noShow = useMutation(trpc.queue.noShow.mutationOptions({ onError, onSuccess }));
  const screen = useMutation(trpc.queue.createScreen.mutationOptions());

  return (
    <Stack gap="sm" data-queue-panel>
      <Title order={3}>{t("queue.title")}</Title>
      <Group align="flex-end">
        <TextInput
          label={t("queue.desk")}
          name="desk"
          value={desk}
          onChange={(event) => setDesk(event.currentTarget.value)}
          error={errors.fieldErrors.desk}
          w={140}
        />
        <Button
          size="md"
          loading={callNext.isPending}
          onClick={() => callNext.mutate({ id: locationId, desk })}
        >
          {t("queue.callNext")}
        </Button>
      </Group>
      {refusal ? <Alert color="yellow">{refusal}</Alert> : null}
      {errors.unexpected ? <Alert color="red">{t("queue.failed")}</Alert> : null}

      <Title order={4}>{t("queue.serving")}</Title>
      {queue.data?.serving.length ? (
        queue.data.serving.map((row) => (
          <Group key={row.visitId} justify="space-between" data-serving={row.number}>
            <Text fw={700} size="xl">
              {row.number}{" "}
              <Text span size="md" c="dimmed">
                {t("queue.atDesk", { desk: row.desk ?? "" })}
              </Text>
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
              {row.number}
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

      <Group>
        <Button
          variant="default"
          loading={screen.isPending}
          onClick={() => screen.mutate({ id: locationId })}
        >
          {t("queue.newScreen")}
        </Button>
      </Group>
      {screen.data ? (
        <Alert color="green">
          {t("queue.screenLink")}{" "}
          <Anchor href={screen.data.url} target="_blank" rel="noopener">
            {screen.data.url}
          </Anchor>
        </Alert>
      ) : null}
    </Stack>
  );
}
