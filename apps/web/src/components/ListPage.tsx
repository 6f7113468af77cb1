import { Container, Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "./PageTitle";

/** A dashboard page: title, optional actions on the right, then the content (usually a table). */
export function ListPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="lg" px={0}>
      <Stack>
        <Group justify="space-between" align="center">
          <PageTitle>{title}</PageTitle>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
