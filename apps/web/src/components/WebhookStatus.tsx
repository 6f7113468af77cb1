import { Stack, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { Webhook } from "../lib/types";

/** Active, paused by an admin, failing, or paused by the server after 3 days of failures, said plainly. */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  const { t, formatDateTime } = useStaffTranslation();
  if (webhook.pausedForFailuresAt)
    return (
      <Stack gap={4}>
        <Text size="sm" fw={700} c="red.9">
          {t("webhooks.pausedForFailures")}
        </Text>
        <Text size="xs">
          {t("webhooks.pausedForFailuresText", {
            when: formatDateTime(webhook.pausedForFailuresAt),
          })}
        </Text>
      </Stack>
    );
  if (!webhook.enabled)
    return (
      <Text size="sm" fw={700} c="dark.6">
        {t("webhooks.paused")}
      </Text>
    );
  if (webhook.failingSince)
    return (
      <Stack gap={4}>
        <Text size="sm" fw={700} c="red.9">
          {t("webhooks.failing")}
        </Text>
        <Text size="xs">
          {t("webhooks.failingSince", { when: formatDateTime(webhook.failingSince) })}
        </Text>
      </Stack>
    );
  return (
    <Text size="sm" fw={700} c="brand.8">
      {t("webhooks.active")}
    </Text>
  );
}
