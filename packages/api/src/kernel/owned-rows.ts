import { sql, type Expression } from "kysely";
import { anyOf } from "./any-of.ts";

/**
 * What the network or one location owns (a program, an intake question, a webhook), by its
 * `location_id`: the network's (null) belongs at every location, a location's own at that one
 * alone. The one rule, in a statement (`ownedAt`) and for rows already read (`isOwnedAt`).
 */
export type Places = number | readonly number[] | Expression<number>;

const placesSql = (at: Places) =>
  typeof at === "number" ? sql<number>`${at}::int` : Array.isArray(at) ? anyOf(at) : at;

/** Whether the row (its owner in `column`) belongs at the location, or at any of them. */
export const ownedAt = (column: string, at: Places) =>
  sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} = ${placesSql(at)})`;

/** The same of a row already read; `at` undefined is every location (a network admin's). */
export const isOwnedAt = (owner: number | null, at: number | readonly number[] | undefined) =>
  owner === null ||
  at === undefined ||
  (typeof at === "number" ? owner === at : at.includes(owner));
