import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { ErrorAlert } from "./ErrorAlert";
import type { ErrorComponentProps } from "@tanstack/react-router";

/** Shown instead of a page whose rendering or loading threw. */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Unexpected Application Error!</Title>
        <ErrorAlert>
          <Text>{error instanceof Error ? error.message : String(error)}</Text>
        </ErrorAlert>
        <div>
          <Button onClick={reset}>Try again</Button>
        </div>
      </Stack>
    </Container>
  );
}
