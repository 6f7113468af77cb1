import { Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

/** The page's heading, also used as the browser tab's title. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · Visitor Sign-In`);
  return <Title order={1}>{children}</Title>;
}
