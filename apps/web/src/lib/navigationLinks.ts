import type { User } from "./types";

export interface NavigationLink {
  to:
    | "/"
    | "/dashboard"
    | "/dashboard/locations"
    | "/dashboard/programs"
    | "/dashboard/reports"
    | "/dashboard/on-site"
    | "/admin";
  /** The link's words in the staff catalogues. */
  labelKey: string;
}

/** The header's links, by the caller's role. */
export function navigationLinks(user: User | null): NavigationLink[] {
  const links: NavigationLink[] = [{ to: "/", labelKey: "nav.home" }];
  if (!user) return links;
  links.push(
    { to: "/dashboard", labelKey: "nav.dashboard" },
    { to: "/dashboard/locations", labelKey: "nav.locations" },
    { to: "/dashboard/programs", labelKey: "nav.programs" },
    { to: "/dashboard/reports", labelKey: "nav.reports" },
    { to: "/dashboard/on-site", labelKey: "nav.onSite" },
  );
  if (user.isAdmin) links.push({ to: "/admin", labelKey: "nav.admin" });
  return links;
}
