import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "../lib/trpc";

/**
 * The door of a location whose visitors sign in on their own phone: its poster to print, and a
 * new code (for a poster taken away or photographed), which makes every printed poster out of date.
 */
export function LocationDoor({ locationId, open }: { locationId: number; open: boolean }) {
  const newCode = useMutation(trpc.door.newCode.mutationOptions());
  const posterUrl = `/api/locations/${locationId}/poster`;

  function replaceCode() {
    if (
      !window.confirm(
        "Make a new code? Every poster printed so far stops working and says it is out of date; print the new one.",
      )
    )
      return;
    newCode.mutate({ id: locationId });
  }

  return (
    <Stack gap="xs">
      <Title order={3}>Sign in from a phone</Title>
      {open ? (
        <>
          <Text size="sm" c="dimmed">
            Put the poster up at the door: visitors scan its QR code and sign in and out on their
            own phone.
          </Text>
          <Group>
            <Button component="a" href={posterUrl} target="_blank" rel="noopener">
              Print poster
            </Button>
            <Button variant="light" color="red" loading={newCode.isPending} onClick={replaceCode}>
              New code
            </Button>
          </Group>
          {newCode.data ? (
            <Alert color="green" title="New code made">
              The door&apos;s link is now{" "}
              <Anchor href={newCode.data.url} target="_blank" rel="noopener">
                {newCode.data.url}
              </Anchor>
              . Print the new poster; the old ones say they are out of date.
            </Alert>
          ) : null}
          {newCode.isError ? (
            <Alert color="red">The code could not be changed. Try again.</Alert>
          ) : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Turn on “Visitors may sign in on their own phone” above and save to print a poster for the
          door.
        </Text>
      )}
    </Stack>
  );
}
