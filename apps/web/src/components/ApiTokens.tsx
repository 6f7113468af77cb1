import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorsOf } from "@vsi/web-common/api-errors";
import { formatLocalDate } from "@vsi/web-common/time";
import { queryClient, trpc } from "../lib/trpc";
import { ScrollTable } from "./ScrollTable";

/**
 * The signed-in user's API tokens for scripts (sent as `Authorization: Bearer <token>`). A new
 * token is shown once, right after it is created; the server keeps only its hash.
 */
export function ApiTokens() {
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  const create = useMutation(trpc.tokens.create.mutationOptions());
  const revoke = useMutation(trpc.tokens.revoke.mutationOptions());
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: (token) => {
          setCreated({ name: token.name, token: token.token });
          setName("");
          void refresh();
        },
      },
    );
  }

  function revokeToken(token: { id: number; name: string }) {
    if (!window.confirm(`Are you sure you wish to revoke the token ${token.name}?`)) return;
    revoke.mutate(
      { id: token.id },
      { onSuccess: () => void refresh(), onError: (error) => console.error(error) },
    );
  }

  const nameError = create.error
    ? (fieldErrorsOf(create.error)?.name ?? "The token could not be created. Please try again.")
    : undefined;

  return (
    <Stack component="section" aria-labelledby="api-tokens-title">
      <Title order={2} id="api-tokens-title">
        API tokens
      </Title>
      <Text size="sm" c="dimmed">
        Scripts can call the API with a token in the header{" "}
        <Code>Authorization: Bearer &lt;token&gt;</Code>.
      </Text>
      {created ? (
        <Alert color="green" title={`Token “${created.name}” created`} role="status">
          <Stack gap="xs">
            <Text size="sm">Copy it now: it will not be shown again.</Text>
            <Code block>{created.token}</Code>
            <Group>
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button size="sm" mih={44} variant="light" onClick={copy}>
                    {copied ? "Copied" : "Copy token"}
                  </Button>
                )}
              </CopyButton>
              <Button size="sm" mih={44} variant="default" onClick={() => setCreated(null)}>
                Done
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label="Token name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </form>
      <ScrollTable
        label="Your tokens"
        minWidth={480}
        verticalSpacing="xs"
        columns={["Name", "Created", "Last used", "Action"]}
        rows={tokens.data ?? []}
        rowKey={(token) => token.id}
        cells={(token) => (
          <>
            <Table.Td>{token.name}</Table.Td>
            <Table.Td>{formatLocalDate(token.createdAt)}</Table.Td>
            <Table.Td>{token.lastUsedAt ? formatLocalDate(token.lastUsedAt) : "Never"}</Table.Td>
            <Table.Td>
              <Button
                size="sm"
                mih={44}
                variant="light"
                color="red"
                onClick={() => revokeToken(token)}
              >
                Revoke
              </Button>
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
