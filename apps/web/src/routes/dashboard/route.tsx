import { createFileRoute, Outlet } from "@tanstack/react-router";
import { requireUser } from "../../lib/guards";

export const Route = createFileRoute("/dashboard")({
  beforeLoad: requireUser,
  component: Outlet,
});
