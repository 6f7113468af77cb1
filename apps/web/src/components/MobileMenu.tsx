import { Stack } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useCurrentUser } from "../lib/session";
import { AccountLinks } from "./AppHeader";
import { navigationLinks } from "../lib/navigationLinks";
import { NavigationLink } from "./links";

/** The burger menu's content on small screens; choosing a link closes the menu. */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const { t } = useStaffTranslation();
  return (
    <Stack gap={0} p="sm" component="nav" aria-label={t("nav.main")} id="main-menu">
      {navigationLinks(user).map((link) => (
        <NavigationLink
          key={link.to}
          to={link.to}
          label={t(link.labelKey)}
          onClick={onNavigate}
          activeOptions={{ exact: link.to === "/" || link.to === "/dashboard" }}
          mih={44}
        />
      ))}
      <AccountLinks onNavigate={onNavigate} />
    </Stack>
  );
}
