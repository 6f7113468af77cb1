import { createHash, randomBytes } from "node:crypto";

/** A new draw's seed: 128 random bits, hex. */
export const newSeed = () => randomBytes(16).toString("hex");

/**
 * A lottery's order, from its seed and the visits drawn: each visit ranked by the SHA-256 of the
 * seed and its id. A pure function, so anyone holding the recorded seed and ids draws the same
 * order again, whatever order the ids are given in.
 */
export function drawOrder(seed: string, visitIds: readonly number[]): number[] {
  const rank = (visitId: number) => createHash("sha256").update(`${seed}:${visitId}`).digest("hex");
  return [...new Set(visitIds)]
    .map((visitId) => ({ visitId, rank: rank(visitId) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.visitId - b.visitId))
    .map(({ visitId }) => visitId);
}
