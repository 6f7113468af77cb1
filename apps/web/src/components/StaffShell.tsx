import "../staff-styles.ts";
import { AppShell } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { staffLanguage } from "@vsi/i18n/staff";
import { useLayoutEffect, type ReactNode } from "react";
import { useCurrentUser } from "../lib/session";
import { AppHeader } from "./AppHeader";
import { MobileMenu } from "./MobileMenu";
import { StaffDates } from "./StaffDates";

/** Staff pages: the header with links by role, folding into a burger menu on small screens. */
export default function StaffShell({ children }: { children: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);
  const language = useCurrentUser()?.language ?? null;
  // The signed-in person's choice, else the browser's: every page switches as soon as it changes.
  useLayoutEffect(() => staffLanguage.choose(language), [language]);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: "lg", collapsed: { mobile: !menuOpened, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar hiddenFrom="lg">
        {/* Rendered only while open, so the folded menu never duplicates the header's links for screen readers. */}
        {menuOpened ? <MobileMenu onNavigate={menu.close} /> : null}
      </AppShell.Navbar>
      <AppShell.Main>
        <StaffDates>{children}</StaffDates>
      </AppShell.Main>
    </AppShell>
  );
}
