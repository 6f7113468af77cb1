import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { ErrorAlert } from "./ErrorAlert";
import type { ErrorComponentProps } from "@tanstack/react-router";

/** Shown instead of a page whose rendering or loading threw. */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const { t } = useStaffTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t("errorPage.title")}</Title>
        <ErrorAlert>
          <Text>{error instanceof Error ? error.message : String(error)}</Text>
        </ErrorAlert>
        <div>
          <Button onClick={reset}>{t("errorPage.retry")}</Button>
        </div>
      </Stack>
    </Container>
  );
}
