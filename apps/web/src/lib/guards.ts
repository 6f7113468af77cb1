import { redirect, type ParsedLocation } from "@tanstack/react-router";
import type { User } from "./types";

// Route guards for beforeLoad. The session (and with it the tRPC client) is loaded by the first
// guarded page, not by public ones.
const loadCurrentUser = async () => (await import("./session")).loadCurrentUser();

// Route guards for beforeLoad. The redirect replaces the history
// entry, so Back does not return to a page the visitor may not see, and carries where they were
// going as `from` so login can send them on.

function toLogin(location: ParsedLocation): never {
  throw redirect({
    to: "/login",
    replace: true,
    state: (state) => ({ ...state, from: location.href }),
  });
}

export async function requireUser({
  location,
}: {
  location: ParsedLocation;
}): Promise<{ user: User }> {
  const user = await loadCurrentUser();
  if (!user) toLogin(location);
  return { user };
}

export async function requireAdmin({
  location,
}: {
  location: ParsedLocation;
}): Promise<{ user: User }> {
  const user = await loadCurrentUser();
  if (user?.isAdmin !== true) toLogin(location);
  return { user };
}
