import { expect } from "vitest";
import type { World } from "./world.ts";

/** The statements one call sent to the database (one per round trip), its status checked first. */
export async function statementsOf(
  world: World,
  call: () => Promise<{ status: number }>,
  status: number,
): Promise<string[]> {
  const before = world.statements.length;
  const res = await call();
  expect(res.status).toBe(status);
  return world.statements.slice(before);
}
