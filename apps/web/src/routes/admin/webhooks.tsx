import { useStaffTranslation } from "@vsi/i18n/staff";
import { useServerMessage } from "../../hooks/useServerMessage";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  MultiSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { webhookEventTypes, type WebhookEventType } from "@vsi/api/schemas";
import { fieldErrorsOf, messageOf } from "@vsi/web-common/api-errors";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ListPage } from "../../components/ListPage";
import { ScrollTable } from "../../components/ScrollTable";
import { WebhookOwner } from "../../components/WebhookOwner";
import { WebhookStatus } from "../../components/WebhookStatus";
import { queryClient, trpc } from "../../lib/trpc";
import type { Webhook } from "../../lib/types";
import { OwnerSelect, useOwnerChoice } from "../../components/OwnerSelect";
import { useCurrentUser } from "../../lib/session";

export const Route = createFileRoute("/admin/webhooks")({
  component: WebhooksPage,
});

/** Catalogue keys of the events: "visit.signed_in" is webhooks.events.visit_signed_in. */
const eventKey = (type: string) => `webhooks.events.${type.replace(".", "_")}`;

// Endpoints: added with their secret shown once, paused and resumed, tested, deleted; and the
// deliveries of one, refreshed while shown so a test event appears as it is sent.
function WebhooksPage() {
  const { data: webhooks } = useSuspenseQuery(trpc.webhooks.list.queryOptions());
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { t } = useStaffTranslation();
  const user = useCurrentUser();
  const said = useServerMessage();
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.webhooks.remove.mutationOptions({ onSettled: refresh }));
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: (_answer, { id }) => {
        setShown(Number(id));
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
      },
    }),
  );
  const failed = update.error ?? remove.error ?? test.error;
  const placeName = (id: number) => locations.find((l) => l.id === id)?.Name ?? `#${id}`;

  function deleteWebhook(webhook: Webhook) {
    if (!window.confirm(t("webhooks.confirmDelete", { url: webhook.url }))) return;
    remove.mutate({ id: webhook.id }, { onSuccess: () => shown === webhook.id && setShown(null) });
  }

  return (
    <ListPage title={t("webhooks.title")}>
      <Text size="sm" c="dimmed">
        {t("webhooks.lead")}
      </Text>
      {created ? (
        <Alert color="green" title={t("webhooks.created", { url: created.url })} role="status">
          <Stack gap="xs">
            <Text size="sm">{t("webhooks.copyNow")}</Text>
            <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {created.secret}
            </Code>
            <Group>
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button size="sm" mih={44} variant="light" onClick={copy}>
                    {copied ? t("webhooks.copied") : t("webhooks.copy")}
                  </Button>
                )}
              </CopyButton>
              <Button size="sm" mih={44} variant="default" onClick={() => setCreated(null)}>
                {t("webhooks.done")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {failed ? <ErrorAlert>{said(messageOf(failed))}</ErrorAlert> : null}
      {webhooks
        .filter((webhook) => webhook.pausedForFailuresAt)
        .map((webhook) => (
          <ErrorAlert key={webhook.id} title={t("webhooks.pausedForFailures")}>
            {t("webhooks.pausedAlert", { url: webhook.url })}
          </ErrorAlert>
        ))}
      <ScrollTable
        label={t("webhooks.title")}
        minWidth={760}
        columns={[
          t("webhooks.url"),
          t("webhooks.eventsLabel"),
          t("webhooks.locations"),
          t("webhooks.status"),
          t("common.action"),
        ]}
        rows={webhooks}
        rowKey={(webhook) => webhook.id}
        empty={t("webhooks.empty")}
        cells={(webhook) => (
          <>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{webhook.url}</Table.Td>
            <Table.Td>{webhook.events.map((type) => t(eventKey(type))).join(", ")}</Table.Td>
            <Table.Td>
              {user?.isAdmin ? (
                <WebhookOwner webhook={webhook} user={user} locations={locations} />
              ) : null}
              {webhook.locationId !== null
                ? t("webhooks.ownOf", { name: placeName(webhook.locationId) })
                : webhook.locationIds.length
                  ? webhook.locationIds.map(placeName).join(", ")
                  : t("webhooks.allLocations")}
              {webhook.includePersonalDetails ? (
                <Text size="xs" c="dimmed">
                  {t("webhooks.withDetails")}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <WebhookStatus webhook={webhook} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="wrap">
                <Button
                  size="sm"
                  mih={44}
                  variant="light"
                  onClick={() => update.mutate({ id: webhook.id, enabled: !webhook.enabled })}
                >
                  {webhook.enabled ? t("webhooks.pause") : t("webhooks.resume")}
                </Button>
                <Button
                  size="sm"
                  mih={44}
                  variant="light"
                  loading={test.isPending && Number(test.variables.id) === webhook.id}
                  onClick={() => test.mutate({ id: webhook.id })}
                >
                  {t("webhooks.sendTest")}
                </Button>
                <Button
                  size="sm"
                  mih={44}
                  variant={shown === webhook.id ? "filled" : "default"}
                  onClick={() => setShown(shown === webhook.id ? null : webhook.id)}
                  aria-pressed={shown === webhook.id}
                >
                  {t("webhooks.deliveries")}
                </Button>
                <Button
                  size="sm"
                  mih={44}
                  variant="light"
                  color="red"
                  onClick={() => deleteWebhook(webhook)}
                >
                  {t("webhooks.delete")}
                </Button>
              </Group>
            </Table.Td>
          </>
        )}
      />
      {shown !== null && webhooks.some((w) => w.id === shown) ? (
        <Deliveries webhook={webhooks.find((w) => w.id === shown)!} />
      ) : null}
      <AddWebhook
        locations={locations}
        onCreated={(answer) => {
          setCreated(answer);
          void refresh();
        }}
      />
    </ListPage>
  );
}

/** One endpoint's latest attempts: when, the answer's status, how long, its first bytes. */
function Deliveries({ webhook }: { webhook: Webhook }) {
  const { t, formatDateTime, formatNumber } = useStaffTranslation();
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: webhook.id, page: 1 }),
    // Sending happens after the call that caused it: the list catches up by itself.
    refetchInterval: 3000,
  });
  return (
    <Stack component="section" aria-labelledby="webhook-deliveries-title" gap="xs">
      <Title order={2} size="h3" id="webhook-deliveries-title">
        {t("webhooks.deliveriesOf", { url: webhook.url })}
      </Title>
      <ScrollTable
        label={t("webhooks.deliveries")}
        minWidth={720}
        verticalSpacing="xs"
        columns={[
          t("webhooks.time"),
          t("webhooks.event"),
          t("webhooks.attempt"),
          t("webhooks.statusCode"),
          t("webhooks.duration"),
          t("webhooks.answer"),
        ]}
        rows={deliveries.data ?? []}
        rowKey={(delivery) => delivery.id}
        empty={deliveries.isPending ? t("webhooks.loading") : t("webhooks.noDeliveries")}
        cells={(delivery) => (
          <>
            <Table.Td>{formatDateTime(delivery.at)}</Table.Td>
            <Table.Td>
              {delivery.type === "webhook.test"
                ? t("webhooks.testEvent")
                : t(eventKey(delivery.type))}
            </Table.Td>
            <Table.Td>{formatNumber(delivery.attempt)}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                c="dark.8"
                color={
                  delivery.status !== null && delivery.status >= 200 && delivery.status < 300
                    ? "green"
                    : "red"
                }
              >
                {delivery.status ?? t("webhooks.noAnswer")}
              </Badge>
            </Table.Td>
            <Table.Td>{t("webhooks.ms", { ms: formatNumber(delivery.durationMs) })}</Table.Td>
            <Table.Td>
              <Code style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
                {delivery.response.length > 120
                  ? `${delivery.response.slice(0, 120)}…`
                  : delivery.response}
              </Code>
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}

/** The form: a URL, its events (all at first), its locations (none: every one), personal details. */
function AddWebhook({
  locations,
  onCreated,
}: {
  locations: Array<{ id: number; Name: string }>;
  onCreated: (answer: { url: string; secret: string }) => void;
}) {
  const { t } = useStaffTranslation();
  const said = useServerMessage();
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const owner = useOwnerChoice(useCurrentUser(), locations, t("webhooks.network"));
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>([...webhookEventTypes]);
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [personal, setPersonal] = useState(false);
  const errors = create.error ? (fieldErrorsOf(create.error) ?? {}) : {};
  const fieldProblem = (field: string) => {
    const message = Object.entries(errors).find(([path]) => path.startsWith(field))?.[1];
    return message === undefined ? undefined : said(message);
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        url,
        events: events as WebhookEventType[],
        // A location's own hears that location alone.
        locationIds: owner.ownerId === null ? locationIds.map(Number) : [],
        locationId: owner.ownerId,
        includePersonalDetails: personal,
        enabled: true,
      },
      {
        onSuccess: (answer) => {
          onCreated({ url: answer.url, secret: answer.secret });
          setUrl("");
          setEvents([...webhookEventTypes]);
          setLocationIds([]);
          setPersonal(false);
        },
      },
    );
  }

  return (
    <Stack component="section" aria-labelledby="add-webhook-title">
      <Title order={2} size="h3" id="add-webhook-title">
        {t("webhooks.add")}
      </Title>
      {create.error && !fieldErrorsOf(create.error) ? (
        <ErrorAlert>{said(messageOf(create.error))}</ErrorAlert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack>
          <OwnerSelect
            choice={owner}
            label={t("webhooks.whose")}
            description={t("webhooks.whoseHint")}
            mb={0}
          />
          <TextInput
            label={t("webhooks.url")}
            description={t("webhooks.urlHelp")}
            placeholder="https://hooks.example.org/sign-ins"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={fieldProblem("url")}
            required
          />
          <Checkbox.Group
            label={t("webhooks.eventsLabel")}
            value={events}
            onChange={setEvents}
            error={fieldProblem("events")}
          >
            <Stack gap="xs" mt="xs">
              {webhookEventTypes.map((type) => (
                <Checkbox key={type} value={type} label={t(eventKey(type))} />
              ))}
            </Stack>
          </Checkbox.Group>
          {owner.ownerId === null ? (
            <MultiSelect
              label={t("webhooks.locations")}
              description={t("webhooks.locationsHelp")}
              placeholder={locationIds.length ? undefined : t("webhooks.allLocations")}
              data={locations.map((location) => ({
                value: String(location.id),
                label: location.Name,
              }))}
              value={locationIds}
              onChange={setLocationIds}
              error={fieldProblem("locationIds")}
              searchable
              clearable
            />
          ) : null}
          <Checkbox
            label={t("webhooks.includePersonalDetails")}
            description={t("webhooks.includePersonalDetailsHelp")}
            checked={personal}
            onChange={(event) => setPersonal(event.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t("webhooks.addButton")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
