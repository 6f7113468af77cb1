import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { AnchorLink } from "../../components/links";

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
          <Text c="dimmed">Staff can set it up again from Locations after logging in.</Text>
          <AnchorLink to="/login">Staff log in</AnchorLink>
        </Stack>
      </Paper>
    </Container>
  );
}
