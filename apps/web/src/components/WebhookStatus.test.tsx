import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../test/render";
import type { Webhook } from "../lib/types";
import { WebhookStatus } from "./WebhookStatus";

const webhook: Webhook = {
  id: 1,
  url: "https://hooks.example.org/sign-ins",
  events: ["visit.signed_in"],
  locationIds: [],
  locationId: null,
  includePersonalDetails: false,
  enabled: true,
  failingSince: null,
  pausedForFailuresAt: null,
  createdAt: "2026-11-01T12:00:00.000Z",
};

describe("WebhookStatus", () => {
  it("says an endpoint is active, paused, failing, or paused by the server after 3 days of failures", () => {
    const { unmount } = renderWithTheme(<WebhookStatus webhook={webhook} />);
    expect(screen.getByText("Active")).toBeInTheDocument();
    unmount();

    const paused = renderWithTheme(<WebhookStatus webhook={{ ...webhook, enabled: false }} />);
    expect(screen.getByText("Paused")).toBeInTheDocument();
    paused.unmount();

    const failing = renderWithTheme(
      <WebhookStatus webhook={{ ...webhook, failingSince: "2026-11-20T08:00:00.000Z" }} />,
    );
    expect(screen.getByText("Failing")).toBeInTheDocument();
    expect(screen.getByText(/^Every attempt has failed since /)).toBeInTheDocument();
    failing.unmount();

    renderWithTheme(
      <WebhookStatus
        webhook={{
          ...webhook,
          enabled: false,
          failingSince: "2026-11-20T08:00:00.000Z",
          pausedForFailuresAt: "2026-11-23T08:00:00.000Z",
        }}
      />,
    );
    expect(screen.getByText("Paused after failing for 3 days")).toBeInTheDocument();
    expect(screen.queryByText("Paused")).not.toBeInTheDocument();
  });
});
