import { Avatar, Burger, Group, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useCurrentUser } from "../lib/session";
import { navigationLinks } from "../lib/navigationLinks";
import { useLogout } from "../hooks/useLogout";
import classes from "./AppHeader.module.css";
import { AnchorLink } from "./links";

interface Props {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** Brand, links by role and the account corner; below the md breakpoint the links fold into the burger menu. */
export function AppHeader({ menuOpened, onToggleMenu }: Props) {
  const user = useCurrentUser();
  const { t } = useStaffTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="md"
          className={classes.burger}
          aria-label={menuOpened ? t("nav.closeMenu") : t("nav.openMenu")}
          aria-expanded={menuOpened}
          aria-controls="main-menu"
        />
        <AnchorLink to="/" className={classes.brand} underline="never">
          {t("nav.brand")}
        </AnchorLink>
        <Group gap={0} visibleFrom="md" component="nav" aria-label={t("nav.main")}>
          {navigationLinks(user).map((link) => (
            <AnchorLink
              key={link.to}
              to={link.to}
              activeOptions={{ exact: link.to === "/" || link.to === "/dashboard" }}
              className={classes.link}
            >
              {t(link.labelKey)}
            </AnchorLink>
          ))}
        </Group>
      </Group>
      <Group visibleFrom="md" gap="xs" wrap="nowrap">
        <AccountLinks />
      </Group>
    </Group>
  );
}

/** 'Hello, {first name}!' with the picture and Log out, or Log in. */
export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const logout = useLogout();
  const { t } = useStaffTranslation();
  if (!user) {
    return (
      <AnchorLink to="/login" className={classes.link} onClick={onNavigate}>
        {t("nav.logIn")}
      </AnchorLink>
    );
  }
  return (
    <>
      <AnchorLink to="/account" className={classes.link} onClick={onNavigate}>
        <Group gap="xs" wrap="nowrap">
          {user.pictureUrl ? <Avatar src={user.pictureUrl} alt="" size="sm" /> : null}
          <Text span inherit>
            {t("nav.hello", { name: user.firstName })}
          </Text>
        </Group>
      </AnchorLink>
      <AnchorLink
        to="/"
        className={classes.link}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          onNavigate?.();
          logout();
        }}
      >
        {t("nav.logOut")}
      </AnchorLink>
    </>
  );
}
