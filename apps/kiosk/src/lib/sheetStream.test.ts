import { QueryClient } from "@tanstack/react-query";
import type { LiveVisitEvent } from "@vsi/api/schemas";
import { describe, expect, it } from "vitest";
import { applyVisitEvent } from "./sheetStream";
import { openVisitsKey } from "./kioskApi";
import type { Visit } from "./types";

const visit = (id: number, TimeIn: string, fields: Partial<Visit> = {}) =>
  ({
    id,
    FirstName: `V${id}`,
    LocationId: 1,
    ProgramId: 2,
    TimeIn,
    TimeOut: null,
    ...fields,
  }) as Visit;
const listKey = (locationId: number, programId: number) =>
  openVisitsKey({ locationId, programId, from: "2026-11-22", timeZone: "UTC" });
const event = (
  kind: LiveVisitEvent["kind"],
  row: Visit | null,
  visitId = row?.id ?? 0,
): LiveVisitEvent<Visit> => ({
  kind,
  visitId,
  locationId: 1,
  programId: 2,
  visit: row,
});

function cacheWith(lists: Array<[ReturnType<typeof listKey>, Visit[]]>) {
  const client = new QueryClient();
  for (const [key, rows] of lists) client.setQueryData(key, rows);
  return client;
}
const ids = (client: QueryClient, key: ReturnType<typeof listKey>) =>
  client.getQueryData<Visit[]>(key)?.map((row) => row.id);

describe("applyVisitEvent", () => {
  const a = visit(1, "2026-11-22T09:00:00.000Z");
  const c = visit(3, "2026-11-22T11:00:00.000Z");

  it("adds a sign-in to its program's list in arrival order, and to no other program's or location's", () => {
    const client = cacheWith([
      [listKey(1, 2), [a, c]],
      [listKey(1, 9), [visit(7, "2026-11-22T08:00:00.000Z", { ProgramId: 9 })]],
      [listKey(5, 2), []],
    ]);
    applyVisitEvent(client, event("in", visit(2, "2026-11-22T10:00:00.000Z")));
    expect(ids(client, listKey(1, 2))).toEqual([1, 2, 3]);
    expect(ids(client, listKey(1, 9))).toEqual([7]);
    expect(ids(client, listKey(5, 2))).toEqual([]);
  });

  it("takes a signed-out or deleted visit out, and replaces a corrected one in place", () => {
    const client = cacheWith([[listKey(1, 2), [a, c]]]);
    applyVisitEvent(client, event("changed", { ...a, FirstName: "Fixed" }));
    expect(client.getQueryData<Visit[]>(listKey(1, 2))?.map((row) => row.FirstName)).toEqual([
      "Fixed",
      "V3",
    ]);
    applyVisitEvent(client, event("out", { ...a, TimeOut: "2026-11-22T12:00:00.000Z" }));
    expect(ids(client, listKey(1, 2))).toEqual([3]);
    applyVisitEvent(client, event("deleted", null, 3));
    expect(ids(client, listKey(1, 2))).toEqual([]);
  });

  it("leaves out a change to a visit the list never showed", () => {
    const client = cacheWith([[listKey(1, 2), [c]]]);
    applyVisitEvent(client, event("changed", visit(9, "2026-11-20T09:00:00.000Z")));
    expect(ids(client, listKey(1, 2))).toEqual([3]);
  });
});
