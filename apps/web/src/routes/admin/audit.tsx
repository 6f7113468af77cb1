import {
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ListPage } from "../../components/ListPage";
import { Loading } from "../../components/Loading";
import { Pagination } from "../../components/Pagination";
import {
  auditGroups,
  auditSearch,
  describeEntry,
  groupActions,
  subjectLabel,
  type AuditGroup,
  type AuditSearch,
} from "../../lib/auditLog";
import { browserTimeZone, formatLocalDate, formatLocalTime } from "../../lib/time";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/admin/audit")({
  validateSearch: auditSearch,
  component: AuditPage,
});

function AuditPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const page = search.page ?? 1;
  const timeZone = browserTimeZone();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { data: users } = useSuspenseQuery(trpc.users.list.queryOptions());
  const { group, ...filters } = search;
  const log = useQuery({
    ...trpc.audit.page.queryOptions({ ...filters, action: groupActions(group), page, timeZone }),
    placeholderData: keepPreviousData,
  });
  const lastPage = log.data ? log.data.pageCount : page;

  return (
    <ListPage title="Audit log">
      <Text c="dimmed" size="sm">
        Who signed visitors in and out, corrected or deleted visits, and changed locations,
        programs, users, tablets and settings. It never holds a visitor&apos;s name or phone.
      </Text>
      <AuditFilters
        key={JSON.stringify(search)}
        initial={search}
        locations={locations}
        users={users}
        onApply={(next) => void navigate({ search: { ...next, page: undefined } })}
      />
      {log.data ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {log.data.totalEstimated
              ? `About ${log.data.total.toLocaleString("en-US")} entries`
              : log.data.total === 1
                ? "1 entry"
                : `${log.data.total.toLocaleString("en-US")} entries`}
          </Text>
          {/* On a phone, Where and Details go under What, so nothing scrolls sideways. */}
          <Table.ScrollContainer
            type="native"
            minWidth={320}
            tabIndex={0}
            role="region"
            aria-label="Audit log entries"
          >
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What happened</Table.Th>
                  <Table.Th visibleFrom="sm">Where</Table.Th>
                  <Table.Th visibleFrom="sm">Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.entries.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>Nothing recorded matches these filters.</Table.Td>
                  </Table.Tr>
                ) : (
                  log.data.entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
                        {formatLocalDate(entry.at, timeZone)}
                        <br />
                        {formatLocalTime(entry.at, timeZone)}
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: "top" }}>
                        {describeEntry(entry)}
                        <Text hiddenFrom="sm" size="sm" c="dimmed">
                          {[entry.location?.name, subjectLabel(entry)]
                            .filter((part) => part && part !== "—")
                            .join(" · ")}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ verticalAlign: "top" }}>
                        {entry.location?.name ?? "—"}
                      </Table.Td>
                      <Table.Td
                        visibleFrom="sm"
                        style={{ verticalAlign: "top", whiteSpace: "nowrap" }}
                      >
                        {subjectLabel(entry)}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={page}
            lastPage={lastPage}
            onPageChange={(next) =>
              void navigate({ search: (previous) => ({ ...previous, page: next }) })
            }
          />
        </>
      ) : log.isError ? (
        <Text c="red" role="alert">
          The audit log could not be loaded. Please try again.
        </Text>
      ) : (
        <Loading />
      )}
    </ListPage>
  );
}

interface FiltersProps {
  initial: AuditSearch;
  locations: ReadonlyArray<{ id: number; Name: string }>;
  users: ReadonlyArray<{ id: number; firstName: string; lastName: string; email: string }>;
  onApply: (filters: Omit<AuditSearch, "page">) => void;
}

const idOrUndefined = (value: string) => (value === "" ? undefined : Number(value));
const textOrUndefined = (value: string) => (value === "" ? undefined : value);

/** From/To days, kind of change, location and person, applied together. */
function AuditFilters({ initial, locations, users, onApply }: FiltersProps) {
  const [group, setGroup] = useState<string>(initial.group ?? "");
  const [locationId, setLocationId] = useState(
    initial.locationId ? String(initial.locationId) : "",
  );
  const [userId, setUserId] = useState(initial.userId ? String(initial.userId) : "");
  const [from, setFrom] = useState(initial.from ?? "");
  const [to, setTo] = useState(initial.to ?? "");

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onApply({
          group: textOrUndefined(group) as AuditGroup | undefined,
          locationId: idOrUndefined(locationId),
          userId: idOrUndefined(userId),
          from: textOrUndefined(from),
          to: textOrUndefined(to),
        });
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          <TextInput
            label="From"
            type="date"
            size="md"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            size="md"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
          <NativeSelect
            label="What"
            size="md"
            value={group}
            onChange={(event) => setGroup(event.currentTarget.value)}
            data={[
              { value: "", label: "Everything" },
              ...Object.entries(auditGroups).map(([value, { label }]) => ({ value, label })),
            ]}
          />
          <NativeSelect
            label="Location"
            size="md"
            value={locationId}
            onChange={(event) => setLocationId(event.currentTarget.value)}
            data={[
              { value: "", label: "All Locations" },
              ...locations.map(({ id, Name }) => ({ value: String(id), label: Name })),
            ]}
          />
          <NativeSelect
            label="Person"
            size="md"
            value={userId}
            onChange={(event) => setUserId(event.currentTarget.value)}
            data={[
              { value: "", label: "Anyone" },
              ...users.map(({ id, firstName, lastName, email }) => ({
                value: String(id),
                label: [firstName, lastName].filter(Boolean).join(" ") || email,
              })),
            ]}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit">Apply</Button>
        </Group>
      </Stack>
    </form>
  );
}
