import { Avatar, Divider, Group, Stack, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useLogout } from "../hooks/useLogout";
import { useCurrentUser } from "../lib/session";
import { navigationLinks, type NavigationLink as Link } from "../lib/navigationLinks";
import { NavigationLink } from "./links";
import classes from "./AppHeader.module.css";

/** The burger menu's content on small screens; choosing a link closes the menu. */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const logout = useLogout();
  const { t } = useStaffTranslation();
  const { main, admin } = navigationLinks(user);
  const item = (link: Link) => (
    <NavigationLink
      key={link.to}
      to={link.to}
      label={t(link.labelKey)}
      onClick={onNavigate}
      activeOptions={{ exact: link.to === "/" || link.to === "/dashboard" }}
      className={classes.menuLink}
    />
  );
  return (
    <Stack gap={0} p="sm" component="nav" aria-label={t("nav.main")} id="main-menu">
      {main.map(item)}
      {admin.length > 0 ? (
        <div role="group" aria-labelledby="main-menu-admin">
          <Text id="main-menu-admin" size="sm" fw={700} c="dimmed" px="sm" pt="md" pb={4}>
            {t("nav.admin")}
          </Text>
          {admin.map(item)}
        </div>
      ) : null}
      <Divider my="xs" />
      {user ? (
        <>
          <Group gap="xs" wrap="nowrap" className={classes.greeting}>
            {user.pictureUrl ? <Avatar src={user.pictureUrl} alt="" size="sm" /> : null}
            <Text span inherit>
              {t("nav.hello", { name: user.firstName })}
            </Text>
          </Group>
          <NavigationLink
            to="/account"
            label={t("account.title")}
            onClick={onNavigate}
            className={classes.menuLink}
          />
          <NavigationLink
            to="/"
            label={t("nav.logOut")}
            activeOptions={{ exact: true }}
            className={classes.menuLink}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              onNavigate();
              logout();
            }}
          />
        </>
      ) : (
        <NavigationLink
          to="/login"
          label={t("nav.logIn")}
          onClick={onNavigate}
          className={classes.menuLink}
        />
      )}
    </Stack>
  );
}
