import { Alert, Anchor, Button, Code, Stack, Table, Text } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ErrorAlert } from "../../components/ErrorAlert";
import { ListPage } from "../../components/ListPage";
import { ScrollTable } from "../../components/ScrollTable";
import { formatLocalDate, formatLocalTime } from "@vsi/web-common/time";
import { queryClient, trpc } from "../../lib/trpc";
import type { Backup } from "../../lib/types";

export const Route = createFileRoute("/admin/backups")({
  component: BackupsPage,
});

const reasons: Record<Backup["reason"], string> = {
  nightly: "Nightly",
  manual: "Backed up now",
  "before-migration": "Before an upgrade",
};

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// Long commands and outputs wrap inside the alert instead of running off its edge.
const wrapped = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

const when = (iso: string) => `${formatLocalDate(iso)} ${formatLocalTime(iso)}`;

function BackupsPage() {
  const { data } = useSuspenseQuery(trpc.backups.list.queryOptions());
  const create = useMutation(
    trpc.backups.create.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.backups.list.queryKey() }),
    }),
  );
  const { lastError, lastCommand } = data;

  return (
    <ListPage
      title="Backups"
      actions={
        <Button loading={create.isPending} onClick={() => create.mutate(undefined)}>
          Back up now
        </Button>
      }
    >
      {create.isError ? <ErrorAlert>{create.error.message}</ErrorAlert> : null}
      {lastError ? (
        <ErrorAlert title="The last backup failed">
          {when(lastError.at)}: {lastError.message}
        </ErrorAlert>
      ) : null}
      {lastCommand ? (
        <Alert
          color={lastCommand.exitCode === 0 ? "green" : "red"}
          role={lastCommand.exitCode === 0 ? "status" : "alert"}
          title={
            lastCommand.exitCode === 0
              ? "Sent off the machine"
              : "Sending the backup off the machine failed"
          }
        >
          BACKUP_COMMAND for {lastCommand.backup} ({when(lastCommand.at)}) ended with exit status{" "}
          {lastCommand.exitCode ?? "none (it did not finish)"}.
          {lastCommand.output ? (
            <Code block mt="xs" style={wrapped}>
              {lastCommand.output}
            </Code>
          ) : null}
        </Alert>
      ) : null}
      {data.database === "server" ? (
        <Alert color="blue" title="The database is on a PostgreSQL server">
          <Stack gap="xs">
            <Text size="sm">
              Its operator backs it up; these archives hold the uploaded pictures. A copy of the
              database can be made with:
            </Text>
            <Code block style={wrapped}>
              {data.pgDumpCommand}
            </Code>
          </Stack>
        </Alert>
      ) : (
        <Text c="dimmed" size="sm">
          Every night the database and the uploaded pictures are saved in the data folder&apos;s
          backups/ folder; the last 7 days and 4 weeks are kept.
        </Text>
      )}
      <ScrollTable
        label="Backups"
        minWidth={560}
        columns={["Date", "Kind", "Size", "Visits", "Action"]}
        rows={data.backups}
        rowKey={(backup) => backup.name}
        empty="No backups yet."
        cells={(backup) => (
          <>
            <Table.Td>{when(backup.createdAt)}</Table.Td>
            <Table.Td>{reasons[backup.reason]}</Table.Td>
            <Table.Td>{size(backup.bytes)}</Table.Td>
            <Table.Td>{backup.includesDatabase ? backup.counts.visits : "—"}</Table.Td>
            <Table.Td>
              <Anchor
                href={`/api/backups/${encodeURIComponent(backup.name)}`}
                download={backup.name}
              >
                Download
              </Anchor>
            </Table.Td>
          </>
        )}
      />
    </ListPage>
  );
}
