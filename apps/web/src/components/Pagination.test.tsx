import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../test/render";
import { Pagination } from "./Pagination";

function renderPagination(page: number, lastPage: number) {
  const onPageChange = vi.fn();
  renderWithTheme(<Pagination page={page} lastPage={lastPage} onPageChange={onPageChange} />);
  const nav = screen.getByRole("navigation", { name: "Pagination" });
  const labels = within(nav)
    .getAllByRole("button")
    .map((button) => button.textContent);
  return { onPageChange, nav, labels, user: userEvent.setup() };
}

describe("Pagination", () => {
  it("shows Prev, the first and last page, the current page's neighbours with ellipses, and Next", () => {
    const { nav, labels } = renderPagination(10, 20);
    expect(labels).toEqual(["Prev", "1", "9", "10", "11", "20", "Next"]);
    expect(within(nav).getAllByText("…")).toHaveLength(2);
    expect(within(nav).getByRole("button", { name: "10" })).toHaveAttribute("aria-current", "page");
  });

  it("shows nothing when everything fits on one page", () => {
    renderWithTheme(<Pagination page={1} lastPage={1} onPageChange={vi.fn()} />);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("disables Prev on the first page and Next on the last", () => {
    renderPagination(1, 3);
    expect(screen.getByRole("button", { name: "Prev" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("asks for the page chosen", async () => {
    const { onPageChange, user } = renderPagination(5, 9);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Prev" }));
    await user.click(screen.getByRole("button", { name: "9" }));
    expect(onPageChange.mock.calls).toEqual([[6], [4], [9]]);
  });
});
