import { useStaffTranslation } from "@vsi/i18n/staff";
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
  const { t, formatDate } = useStaffTranslation();
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
    if (!window.confirm(t("tokens.confirmRevoke", { name: token.name }))) return;
    revoke.mutate(
      { id: token.id },
      { onSuccess: () => void refresh(), onError: (error) => console.error(error) },
    );
  }

  const nameError = create.error
    ? (fieldErrorsOf(create.error)?.name ?? t("tokens.createFailed"))
    : undefined;

  return (
    <Stack component="section" aria-labelledby="api-tokens-title">
      <Title order={2} id="api-tokens-title">
        {t("tokens.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("tokens.lead")} <Code>Authorization: Bearer &lt;token&gt;</Code>.
      </Text>
      {created ? (
        <Alert color="green" title={t("tokens.created", { name: created.name })} role="status">
          <Stack gap="xs">
            <Text size="sm">{t("tokens.copyNow")}</Text>
            <Code block>{created.token}</Code>
            <Group>
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button size="sm" mih={44} variant="light" onClick={copy}>
                    {copied ? t("tokens.copied") : t("tokens.copy")}
                  </Button>
                )}
              </CopyButton>
              <Button size="sm" mih={44} variant="default" onClick={() => setCreated(null)}>
                {t("tokens.done")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label={t("tokens.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" loading={create.isPending}>
            {t("tokens.create")}
          </Button>
        </Group>
      </form>
      <ScrollTable
        label={t("tokens.yours")}
        minWidth={480}
        verticalSpacing="xs"
        columns={[
          t("common.name"),
          t("tokens.createdAt"),
          t("tokens.lastUsed"),
          t("common.action"),
        ]}
        rows={tokens.data ?? []}
        rowKey={(token) => token.id}
        cells={(token) => (
          <>
            <Table.Td>{token.name}</Table.Td>
            <Table.Td>{formatDate(token.createdAt)}</Table.Td>
            <Table.Td>
              {token.lastUsedAt ? formatDate(token.lastUsedAt) : t("common.never")}
            </Table.Td>
            <Table.Td>
              <Button
                size="sm"
                mih={44}
                variant="light"
                color="red"
                onClick={() => revokeToken(token)}
              >
                {t("tokens.revoke")}
              </Button>
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
