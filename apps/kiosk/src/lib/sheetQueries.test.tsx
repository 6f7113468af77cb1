import "fake-indexeddb/auto";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@vsi/web-common/query-client";
import { useOpenVisits, useSignIn } from "./sheetQueries";
import { useSheetStream } from "./sheetStream";

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

/** A browser's EventSource whose stream the server answers at once with `ready`: live. */
class LiveEventSource extends EventTarget {
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    setTimeout(() => this.dispatchEvent(new MessageEvent("ready", { data: "{}" })), 0);
  }
  close() {}
}

/**
 * A server that signs one visitor in and lists who is in; what it was asked, as "METHOD path".
 */
function server(signedIn: typeof visit) {
  const asked: string[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    asked.push(`${method} ${new URL(url, "http://tablet").pathname}`);
    if (method === "POST") return answer(201, signedIn);
    return answer(200, asked.includes("POST /api/visits") ? [signedIn] : []);
  });
  vi.stubGlobal("fetch", fetch);
  return asked;
}

const payload = { FirstName: "Ana", LastName: "Lopez", PhoneNumber: "4155550101", ProgramId: 2 };

describe("a sign-in on this tablet", () => {
  it("shows on its list from the server's answer, with no list fetched again, while the location's stream is live", async () => {
    vi.stubGlobal("EventSource", LiveEventSource);
    const asked = server(visit);
    const { result } = renderHook(
      () => {
        useSheetStream(1);
        return { list: useOpenVisits(1, 2), signIn: useSignIn(1) };
      },
      { wrapper },
    );
    // Loaded, then fetched again once the stream said `ready`.
    await waitFor(() => expect(asked).toEqual(["GET /api/visits", "GET /api/visits"]));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    await act(() => result.current.signIn(payload));
    await waitFor(() =>
      expect(result.current.list.visits.map((row) => row.FirstName)).toEqual(["Ana"]),
    );
    expect(asked.slice(2)).toEqual(["POST /api/visits"]);
  });

  it("shows on its list and fetches the list again while the stream is down", async () => {
    const signedIn = { ...visit, id: 8, LocationId: 3, ProgramId: 4 };
    const asked = server(signedIn);
    const { result } = renderHook(() => ({ list: useOpenVisits(3, 4), signIn: useSignIn(3) }), {
      wrapper,
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    await act(() => result.current.signIn({ ...payload, ProgramId: 4 }));
    await waitFor(() =>
      expect(asked).toEqual(["GET /api/visits", "POST /api/visits", "GET /api/visits"]),
    );
    await waitFor(() => expect(result.current.list.visits.map((row) => row.id)).toEqual([8]));
  });
});
