import { Box, Container, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A sheet page with the location's name and address in its footer (spec section 2, Sheet). */
export function SheetLayout({
  location,
  children,
}: {
  location: { Name: string; Address: string };
  children: ReactNode;
}) {
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        {children}
        <Box
          component="footer"
          pt="md"
          style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
        >
          <Text fw={600}>{location.Name}</Text>
          <Text c="dimmed">{location.Address}</Text>
        </Box>
      </Stack>
    </Container>
  );
}
