import { useStaffTranslation } from "@vsi/i18n/staff";
import {
  Anchor,
  Button,
  Menu,
  NavLink,
  type AnchorProps,
  type ButtonProps,
  type MenuItemProps,
  type NavLinkProps,
} from "@mantine/core";
import { createLink, type LinkComponent } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, Ref } from "react";

// Mantine components that navigate like router links, with the router's typed `to`, `params`
// and `search` (a plain `component={Link}` loses that typing).

type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "color" | "style"> & {
  ref?: Ref<HTMLAnchorElement>;
};

function ButtonAnchor(props: ButtonProps & AnchorAttributes) {
  return <Button component="a" {...props} />;
}

/** A table row's Edit: a quiet button, the same on every list. */
function EditAnchor(props: ButtonProps & AnchorAttributes) {
  const { t } = useStaffTranslation();
  return (
    <Button component="a" variant="default" {...props}>
      {t("common.edit")}
    </Button>
  );
}

function TextAnchor(props: AnchorProps & AnchorAttributes) {
  return <Anchor {...props} />;
}

function NavAnchor(props: NavLinkProps & AnchorAttributes) {
  return <NavLink component="a" {...props} />;
}

/** An item of a dropdown menu that goes to a page. */
function MenuItemAnchor(props: MenuItemProps & AnchorAttributes) {
  return <Menu.Item component="a" {...props} />;
}

const CreatedButtonLink = createLink(ButtonAnchor);
const CreatedEditLink = createLink(EditAnchor);
const CreatedAnchorLink = createLink(TextAnchor);
const CreatedNavLink = createLink(NavAnchor);
const CreatedMenuItemLink = createLink(MenuItemAnchor);

export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
export const EditLink: LinkComponent<typeof EditAnchor> = (props) => (
  <CreatedEditLink preload="intent" {...props} />
);
export const AnchorLink: LinkComponent<typeof TextAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
export const NavigationLink: LinkComponent<typeof NavAnchor> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
);
export const MenuItemLink: LinkComponent<typeof MenuItemAnchor> = (props) => (
  <CreatedMenuItemLink preload="intent" {...props} />
);
