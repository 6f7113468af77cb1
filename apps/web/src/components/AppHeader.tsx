import { Avatar, Burger, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useRouterState } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useCurrentUser } from "../lib/session";
import { homeOf, navigationLinks, type NavigationLink } from "../lib/navigationLinks";
import { useLogout } from "../hooks/useLogout";
import classes from "./AppHeader.module.css";
import { AnchorLink, MenuItemLink } from "./links";

interface Props {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/**
 * Brand, links by role, the admin pages in a menu of their own and the account corner; below the
 * lg breakpoint (narrower than all of them in a row) it folds into the burger menu.
 */
export function AppHeader({ menuOpened, onToggleMenu }: Props) {
  const user = useCurrentUser();
  const { t } = useStaffTranslation();
  const { main, admin } = navigationLinks(user);
  return (
    <Group h="100%" px="md" gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="lg"
          className={classes.burger}
          aria-label={menuOpened ? t("nav.closeMenu") : t("nav.openMenu")}
          aria-expanded={menuOpened}
          aria-controls="main-menu"
        />
        <AnchorLink to={homeOf(user)} className={classes.brand} underline="never">
          {t("nav.brand")}
        </AnchorLink>
      </Group>
      <Group
        component="nav"
        aria-label={t("nav.main")}
        visibleFrom="lg"
        justify="space-between"
        wrap="nowrap"
        className={classes.wide}
      >
        <Group gap={0} wrap="nowrap">
          {main.map((link) => (
            <AnchorLink
              key={link.to}
              to={link.to}
              activeOptions={{ exact: link.to === "/" || link.to === "/dashboard" }}
              className={classes.link}
            >
              {t(link.labelKey)}
            </AnchorLink>
          ))}
          {admin.length > 0 ? <AdminMenu links={admin} /> : null}
        </Group>
        <Group gap={0} wrap="nowrap" className={classes.account}>
          <AccountLinks />
        </Group>
      </Group>
    </Group>
  );
}

/** Admin, opening the list of its pages: each one a page of its own. */
function AdminMenu({ links }: { links: NavigationLink[] }) {
  const { t } = useStaffTranslation();
  const here = useRouterState({ select: (state) => state.location.pathname.startsWith("/admin") });
  return (
    // Opened, the first page has the focus: the menu holds nothing else (an empty focus holder
    // would be a menu's child that is no item).
    <Menu
      position="bottom-start"
      offset={4}
      width={220}
      shadow="md"
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton className={classes.link} data-status={here ? "active" : undefined}>
          {t("nav.admin")}
          <IconChevronDown size={16} aria-hidden className={classes.chevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <MenuItemLink key={link.to} to={link.to} className={classes.menuItem}>
            {t(link.labelKey)}
          </MenuItemLink>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Who is logged in, My Account and Log out; or Log in. */
function AccountLinks() {
  const user = useCurrentUser();
  const logout = useLogout();
  const { t } = useStaffTranslation();
  if (!user) {
    return (
      <AnchorLink to="/login" className={classes.link}>
        {t("nav.logIn")}
      </AnchorLink>
    );
  }
  return (
    <>
      <Group gap="xs" wrap="nowrap" className={`${classes.greeting} ${classes.shrinks}`}>
        {user.pictureUrl ? <Avatar src={user.pictureUrl} alt="" size="sm" /> : null}
        <Text span inherit className={classes.clipped} title={user.firstName}>
          {t("nav.hello", { name: user.firstName })}
        </Text>
      </Group>
      <AnchorLink to="/account" className={classes.link}>
        {t("account.title")}
      </AnchorLink>
      <AnchorLink
        to="/"
        className={classes.link}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          logout();
        }}
      >
        {t("nav.logOut")}
      </AnchorLink>
    </>
  );
}
