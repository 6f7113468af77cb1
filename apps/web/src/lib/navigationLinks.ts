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
  label: string;
}

/** The header's links, by the caller's role. */
export function navigationLinks(user: User | null): NavigationLink[] {
  const links: NavigationLink[] = [{ to: "/", label: "Home" }];
  if (!user) return links;
  links.push(
    { to: "/dashboard", label: "Dashboard" },
    { to: "/dashboard/locations", label: "Locations" },
    { to: "/dashboard/programs", label: "Programs" },
    { to: "/dashboard/reports", label: "Reports" },
    { to: "/dashboard/on-site", label: "On site" },
  );
  if (user.isAdmin) links.push({ to: "/admin", label: "Admin" });
  return links;
}
