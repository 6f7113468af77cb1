import { Title } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useDocumentTitle } from "@mantine/hooks";

/** The page's heading, also used as the browser tab's title. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useStaffTranslation();
  useDocumentTitle(`${children} · ${t("nav.brand")}`);
  return <Title order={1}>{children}</Title>;
}
