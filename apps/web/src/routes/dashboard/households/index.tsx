import { Button, Group, Table, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useState } from "react";
import { ListPage } from "../../../components/ListPage";
import { PagedResults } from "../../../components/PagedResults";
import { ScrollTable } from "../../../components/ScrollTable";
import { AnchorLink, ButtonLink } from "../../../components/links";
import { useListSearch } from "../../../hooks/useListPage";
import {
  householdPhones,
  householdSearch,
  memberNames,
  type HouseholdSearch,
} from "../../../lib/households";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/households/")({
  validateSearch: householdSearch,
  component: HouseholdsPage,
});

/** Households, newest first, found by a member's name or phone or the address; a page at a time. */
function HouseholdsPage() {
  const { search, page, showFilters } = useListSearch<HouseholdSearch>(Route);
  const { t } = useStaffTranslation();
  const [typed, setTyped] = useState(search.q ?? "");
  const list = useQuery({
    ...trpc.households.page.queryOptions({ search: search.q, page }),
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage
      title={t("households.title")}
      actions={
        <ButtonLink variant="default" to="/dashboard/households/duplicates">
          {t("households.duplicates")}
        </ButtonLink>
      }
    >
      <Text c="dimmed" size="sm">
        {t("households.lead")}
      </Text>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          showFilters(typed.trim() ? { q: typed.trim() } : {});
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1, maxWidth: 420 }}
            label={t("households.search")}
            placeholder={t("households.searchPlaceholder")}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Button type="submit">{t("households.search")}</Button>
        </Group>
      </form>
      <PagedResults query={list} failure={t("households.failed")}>
        {(data) => (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t("households.count", { count: data.total })}
            </Text>
            <ScrollTable
              label={t("households.title")}
              minWidth={640}
              columns={[
                t("households.members"),
                t("households.phone"),
                t("households.address"),
                t("households.size"),
                t("common.action"),
              ]}
              rows={data.households}
              rowKey={(household) => household.id}
              empty={t("households.empty")}
              cells={(household) => (
                <>
                  <Table.Td>
                    {/* The names open the household too: on a phone, Open is further along. */}
                    <AnchorLink
                      to="/dashboard/households/$householdId"
                      params={{ householdId: String(household.id) }}
                    >
                      {memberNames(household, t("households.unnamed"))}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{householdPhones(household).join(", ")}</Table.Td>
                  <Table.Td>
                    {[household.AddressLine1, household.Zip].filter(Boolean).join(" · ")}
                  </Table.Td>
                  <Table.Td>{household.Size}</Table.Td>
                  <Table.Td>
                    <ButtonLink
                      variant="light"
                      to="/dashboard/households/$householdId"
                      params={{ householdId: String(household.id) }}
                    >
                      {t("households.open")}
                    </ButtonLink>
                  </Table.Td>
                </>
              )}
            />
          </>
        )}
      </PagedResults>
    </ListPage>
  );
}
