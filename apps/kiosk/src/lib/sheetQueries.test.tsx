import "fake-indexeddb/auto";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@vsi/web-common/query-client";
import { useOpenVisits } from "./sheetQueries";

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const visit = {
  id: 7,
  FirstName: "Ana",
  LastName: "Lopez",
  PhoneNumber: "415-555-0101",
  Temperature: null,
  TimeIn: new Date().toISOString(),
  TimeOut: null,
  LocationId: 1,
  ProgramId: 2,
};

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("the sheet's list", () => {
  it("says the list could not be loaded when the server refuses it, never 'nobody is signed in', and loads it again on retry", async () => {
    const fetch = vi.fn(() => answer(422, { status: 422, message: "Invalid input", errors: [] }));
    vi.stubGlobal("fetch", fetch);
    const { result } = renderHook(() => useOpenVisits(1, 2), { wrapper });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.visits).toEqual([]);

    fetch.mockImplementation(() => answer(200, [visit]));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.failed).toBe(false));
    expect(result.current.visits.map((row) => row.FirstName)).toEqual(["Ana"]);
  });

  it("is an empty list, not a failure, when nobody is signed in", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => answer(200, [])),
    );
    const { result } = renderHook(() => useOpenVisits(3, 4), { wrapper });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(result.current).toMatchObject({ failed: false, visits: [] });
  });
});
