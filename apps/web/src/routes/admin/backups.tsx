import { useStaffTranslation } from "@vsi/i18n/staff";
import { messageOf } from "@vsi/web-common/api-errors";
import { useServerMessage } from "../../hooks/useServerMessage";
import { Alert, Anchor, Button, Code, Stack, Table, Text } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ListPage } from "../../components/ListPage";
import { ScrollTable } from "../../components/ScrollTable";
import { queryClient, trpc } from "../../lib/trpc";
import type { Backup } from "../../lib/types";

export const Route = createFileRoute("/admin/backups")({
  component: BackupsPage,
});

const reasons: Record<Backup["reason"], string> = {
  nightly: "nightly",
  manual: "manual",
  "before-migration": "beforeMigration",
};

const size = (format: (value: number) => string, bytes: number) =>
  bytes < 1024 * 1024
    ? `${format(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${format(Math.round(bytes / 1024 / 102.4) / 10)} MB`;

// Long commands and outputs wrap inside the alert instead of running off its edge.
const wrapped = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

function BackupsPage() {
  const { data } = useSuspenseQuery(trpc.backups.list.queryOptions());
  const create = useMutation(
    trpc.backups.create.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.backups.list.queryKey() }),
    }),
  );
  const { lastError, lastCommand } = data;
  const { t, formatDateTime: when, formatNumber } = useStaffTranslation();
  const said = useServerMessage();

  return (
    <ListPage
      title={t("backups.title")}
      actions={
        <Button loading={create.isPending} onClick={() => create.mutate(undefined)}>
          {t("backups.now")}
        </Button>
      }
    >
      {create.isError ? <ErrorAlert>{said(messageOf(create.error))}</ErrorAlert> : null}
      {lastError ? (
        <ErrorAlert title={t("backups.lastFailed")}>
          {when(lastError.at)}: {lastError.message}
        </ErrorAlert>
      ) : null}
      {lastCommand ? (
        <Alert
          color={lastCommand.exitCode === 0 ? "green" : "red"}
          role={lastCommand.exitCode === 0 ? "status" : "alert"}
          title={lastCommand.exitCode === 0 ? t("backups.sentOff") : t("backups.sendFailed")}
        >
          {t("backups.commandEnded", {
            backup: lastCommand.backup,
            when: when(lastCommand.at),
            status: lastCommand.exitCode ?? t("backups.noStatus"),
          })}
          {lastCommand.output ? (
            <Code block mt="xs" style={wrapped}>
              {lastCommand.output}
            </Code>
          ) : null}
        </Alert>
      ) : null}
      {data.database === "server" ? (
        <Alert color="blue" title={t("backups.serverTitle")}>
          <Stack gap="xs">
            <Text size="sm">{t("backups.serverText")}</Text>
            <Code block style={wrapped}>
              {data.pgDumpCommand}
            </Code>
          </Stack>
        </Alert>
      ) : (
        <Text c="dimmed" size="sm">
          {t("backups.nightlyText")}
        </Text>
      )}
      <ScrollTable
        label={t("backups.title")}
        minWidth={560}
        columns={[
          t("backups.date"),
          t("backups.kind"),
          t("backups.size"),
          t("backups.visits"),
          t("common.action"),
        ]}
        rows={data.backups}
        rowKey={(backup) => backup.name}
        empty={t("backups.empty")}
        cells={(backup) => (
          <>
            <Table.Td>{when(backup.createdAt)}</Table.Td>
            <Table.Td>{t(`backups.reasons.${reasons[backup.reason]}`)}</Table.Td>
            <Table.Td>{size(formatNumber, backup.bytes)}</Table.Td>
            <Table.Td>
              {backup.includesDatabase ? formatNumber(backup.counts.visits) : "—"}
            </Table.Td>
            <Table.Td>
              <Anchor
                href={`/api/backups/${encodeURIComponent(backup.name)}`}
                download={backup.name}
              >
                {t("backups.download")}
              </Anchor>
            </Table.Td>
          </>
        )}
      />
    </ListPage>
  );
}
