import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useListPage } from "../hooks/useListPage";
import { Loading } from "./Loading";
import { Pagination } from "./Pagination";

interface Props<Data extends { pageCount: number }> {
  /** The page's query, as useQuery returns it. */
  query: { data: Data | undefined; isError: boolean };
  /** Said when the page could not be loaded. */
  failure: string;
  /** The page's rows (and anything above them). */
  children: (data: Data) => ReactNode;
}

/** One page of a paged list with the page buttons under it; a spinner until it comes. */
export function PagedResults<Data extends { pageCount: number }>({
  query,
  failure,
  children,
}: Props<Data>) {
  const { page, setPage } = useListPage();
  if (query.data)
    return (
      <>
        {children(query.data)}
        <Pagination page={page} lastPage={query.data.pageCount} onPageChange={setPage} />
      </>
    );
  if (query.isError)
    return (
      <Text c="red" role="alert">
        {failure}
      </Text>
    );
  return <Loading />;
}
