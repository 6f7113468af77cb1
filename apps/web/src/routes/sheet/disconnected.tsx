import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { AnchorLink } from "../../components/links";
import { useKioskTranslation } from "../../lib/i18n";
import { kioskQueue, useKioskQueue } from "../../lib/kioskQueue";
import { waitingEntries } from "../../lib/offlineQueue";

export const Route = createFileRoute("/sheet/disconnected")({
  component: DisconnectedPage,
});

/** Where a tablet lands once staff disconnect it: visitors see why the sheet is gone. */
function DisconnectedPage() {
  return (
    <Container size="sm" px={0}>
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Title order={1}>This tablet was disconnected</Title>
          <Text size="lg">
            Staff disconnected this tablet from its location, so it no longer takes sign-ins. Please
            ask a member of staff.
          </Text>
          <KeptEntries />
          <Text c="dimmed">Staff can set it up again from Locations after logging in.</Text>
          <AnchorLink to="/login">Staff log in</AnchorLink>
        </Stack>
      </Paper>
    </Container>
  );
}

/** Sign-ins and sign-outs the tablet could not send stay on it, and the screen says so. */
function KeptEntries() {
  const { t } = useKioskTranslation();
  const waiting = waitingEntries(useKioskQueue().entries).length;
  useEffect(() => {
    kioskQueue.load().catch((error: unknown) => console.error(error));
  }, []);
  if (waiting === 0) return null;
  return (
    <Text size="lg" fw={600} role="status">
      {t("offline.kept", { count: waiting })}
    </Text>
  );
}
