import { Container, Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "./PageTitle";

/** A narrow page with a title and a bordered card: login, passwords, invites, small forms. */
export function FormCard({
  title,
  children,
  size = "xs",
}: {
  title: string;
  children: ReactNode;
  size?: "xs" | "sm" | "md";
}) {
  return (
    <Container size={size} py="xl" px={0}>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <PageTitle>{title}</PageTitle>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
