import { Stack } from "@mantine/core";
import { useCurrentUser } from "../lib/session";
import { AccountLinks } from "./AppHeader";
import { navigationLinks } from "../lib/navigationLinks";
import { NavigationLink } from "./links";

/** The burger menu's content on small screens; choosing a link closes the menu. */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  return (
    <Stack gap={0} p="sm" component="nav" aria-label="Main" id="main-menu">
      {navigationLinks(user).map((link) => (
        <NavigationLink
          key={link.to}
          to={link.to}
          label={link.label}
          onClick={onNavigate}
          activeOptions={{ exact: link.to === "/" || link.to === "/dashboard" }}
          mih={44}
        />
      ))}
      <AccountLinks onNavigate={onNavigate} />
    </Stack>
  );
}
