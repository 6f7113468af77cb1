import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient, trpc } from "../lib/trpc";
import { renderWithTheme } from "../test/render";
import { NotificationSettings } from "./NotificationSettings";

/** The section as My Account holds it, its two reads already in the app's query cache. */
function renderSettings() {
  queryClient.setQueryData(trpc.notifications.get.queryKey(), {
    dailySummary: false,
    signIns: [],
  });
  queryClient.setQueryData(trpc.locations.list.queryKey(), [
    {
      id: 1,
      Name: "Main Street",
      Programs: [
        { id: 10, Name: "Food Pantry", NameEs: "Despensa de alimentos" },
        { id: 11, Name: "Tutoring", NameEs: null },
      ],
    },
  ] as never);
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <NotificationSettings email="ada@example.org" />
    </QueryClientProvider>,
  );
}

describe("NotificationSettings (My Account's e-mail alerts)", () => {
  afterEach(() => {
    act(() => staffLanguage.choose(null));
    queryClient.clear();
  });

  it("names each program in the reader's language, the English name where there is no Spanish one", () => {
    act(() => staffLanguage.choose("es"));
    renderSettings();
    expect(
      screen.getByRole("checkbox", { name: "Despensa de alimentos en Main Street" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Tutoring en Main Street" })).toBeInTheDocument();
    expect(screen.queryByText("Food Pantry")).not.toBeInTheDocument();
  });
});
