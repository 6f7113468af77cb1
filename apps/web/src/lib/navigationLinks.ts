import type { User } from "./types";
import { isSiteAdmin, siteAdminPages } from "./access";

export interface NavigationLink {
  to:
    | "/"
    | "/dashboard"
    | "/dashboard/locations"
    | "/dashboard/programs"
    | "/dashboard/reports"
    | "/dashboard/on-site"
    | "/dashboard/households"
    | "/admin/users"
    | "/admin/questions"
    | "/admin/settings"
    | "/admin/backups"
    | "/admin/webhooks"
    | "/admin/audit";
  /** The link's words in the staff catalogues. */
  labelKey: string;
}

export interface Navigation {
  /** Where everyone goes: the home page for a visitor, the working pages for staff. */
  main: NavigationLink[];
  /** The admin pages, each its own menu item named as its page is titled: empty for anyone else. */
  admin: NavigationLink[];
}

/** The menu's links, by the caller's role (the server refuses the admin pages' calls to others). */
export function navigationLinks(user: User | null): Navigation {
  if (!user) return { main: [{ to: "/", labelKey: "nav.home" }], admin: [] };
  return {
    main: [
      { to: "/dashboard", labelKey: "nav.dashboard" },
      { to: "/dashboard/locations", labelKey: "nav.locations" },
      { to: "/dashboard/programs", labelKey: "nav.programs" },
      { to: "/dashboard/reports", labelKey: "nav.reports" },
      { to: "/dashboard/on-site", labelKey: "nav.onSite" },
      { to: "/dashboard/households", labelKey: "nav.households" },
    ],
    admin: adminLinks.filter(
      (link) =>
        user.isAdmin ||
        (isSiteAdmin(user) && (siteAdminPages as readonly string[]).includes(link.to)),
    ),
  };
}

/** Every admin page: all of them a network admin's; a site admin's, their staff and their log. */
const adminLinks: NavigationLink[] = [
  { to: "/admin/users", labelKey: "users.title" },
  { to: "/admin/questions", labelKey: "questions.title" },
  { to: "/admin/settings", labelKey: "settings.title" },
  { to: "/admin/backups", labelKey: "backups.title" },
  { to: "/admin/webhooks", labelKey: "webhooks.title" },
  { to: "/admin/audit", labelKey: "audit.title" },
];

/** Where the product's name leads: a logged-in person's dashboard, else the home page. */
export const homeOf = (user: User | null): "/" | "/dashboard" => (user ? "/dashboard" : "/");
