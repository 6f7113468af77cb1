import { useNavigate, useSearch } from "@tanstack/react-router";

/**
 * A paged list's page from the query string (1 when there is none), and turning to another page,
 * which keeps the list's filters.
 */
export function useListPage() {
  const page = useSearch({ strict: false, select: (search) => search.page }) ?? 1;
  const navigate = useNavigate();
  const setPage = (next: number) =>
    void navigate({ to: ".", search: (previous) => ({ ...previous, page: next }) });
  return { page, setPage };
}
