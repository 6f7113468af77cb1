import { Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";

export function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Page not found</Title>
        <Text>
          There is nothing at this address. <Link to="/">Go to the home page</Link>.
        </Text>
      </Stack>
    </Container>
  );
}
