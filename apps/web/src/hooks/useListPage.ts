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

/**
 * A paged list's route: its search (as its validateSearch keeps it), its page, and showing other
 * filters, which replaces the whole search (the page too: the caller says which).
 */
export function useListSearch<Search extends { page?: number }>(route: {
  useSearch: () => Search;
}) {
  const search = route.useSearch();
  const { page } = useListPage();
  const navigate = useNavigate();
  const showFilters = (next: Search) => void navigate({ to: ".", search: next });
  return { search, page, showFilters };
}
