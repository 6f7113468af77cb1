import { Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A settings form's submit button, what else the form offers beside it, and what was saved once it is. */
export function SaveRow({
  label,
  loading,
  saved,
  children,
}: {
  label: ReactNode;
  loading: boolean;
  /** The words once saved; nothing before. */
  saved: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group>
      <Button type="submit" loading={loading}>
        {label}
      </Button>
      {children}
      {saved ? (
        <Text role="status" fw={600}>
          {saved}
        </Text>
      ) : null}
    </Group>
  );
}
