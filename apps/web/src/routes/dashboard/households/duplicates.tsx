import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { positiveInt } from "@vsi/web-common/search-params";
import { useState } from "react";
import { ListPage } from "../../../components/ListPage";
import { PagedResults } from "../../../components/PagedResults";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { AnchorLink } from "../../../components/links";
import { useListPage } from "../../../hooks/useListPage";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { householdPhones, memberNames } from "../../../lib/households";
import { queryClient, trpc, trpcClient } from "../../../lib/trpc";
import type { Household, HouseholdDuplicate } from "../../../lib/types";

export const Route = createFileRoute("/dashboard/households/duplicates")({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = positiveInt(search.page);
    return page ? { page } : {};
  },
  component: DuplicatesPage,
});

/** Pairs of households that may be one family, each merged by staff after they confirm it. */
function DuplicatesPage() {
  const { t } = useStaffTranslation();
  const { page } = useListPage();
  const pairs = useQuery({
    ...trpc.households.duplicatesPage.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });
  const [merging, setMerging] = useState<HouseholdDuplicate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <ListPage title={t("households.duplicates")}>
      <Text c="dimmed" size="sm">
        {t("households.duplicatesLead")}
      </Text>
      {notice ? (
        <Alert color="teal" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <PagedResults query={pairs} failure={t("households.failed")}>
        {(data) =>
          data.pairs.length === 0 ? (
            <Text c="dimmed">{t("households.noDuplicates")}</Text>
          ) : (
            <Stack>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("households.duplicatesCount", { count: data.total })}
              </Text>
              {data.pairs.map((pair) => (
                <Paper key={`${pair.a.id}-${pair.b.id}`} withBorder p="md" radius="md">
                  <Stack gap="sm">
                    <Text fw={600}>
                      {t("households.shared", {
                        fields: pair.matched
                          .map((field) => t(`households.fields.${field}`))
                          .join(", "),
                      })}
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <HouseholdSummary household={pair.a} />
                      <HouseholdSummary household={pair.b} />
                    </SimpleGrid>
                    <Group justify="flex-end">
                      <Button
                        onClick={() => {
                          setNotice(null);
                          setMerging(pair);
                        }}
                      >
                        {t("households.merge")}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )
        }
      </PagedResults>
      {merging ? (
        <MergeDialog
          pair={merging}
          onClose={() => setMerging(null)}
          onMerged={() => {
            setNotice(t("households.merged", { kept: merging.a.id, other: merging.b.id }));
            setMerging(null);
          }}
        />
      ) : null}
    </ListPage>
  );
}

function HouseholdSummary({ household }: { household: Household }) {
  const { t } = useStaffTranslation();
  return (
    <div>
      <AnchorLink
        fw={600}
        to="/dashboard/households/$householdId"
        params={{ householdId: String(household.id) }}
      >
        {t("households.household", { id: household.id })}
      </AnchorLink>
      <Text size="sm">{memberNames(household, t("households.unnamed"))}</Text>
      <Text size="sm" c="dimmed">
        {[household.AddressLine1, household.Zip, ...householdPhones(household)]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </div>
  );
}

/** Asks before merging, naming both households: the newer one goes into the older. */
function MergeDialog({
  pair,
  onClose,
  onMerged,
}: {
  pair: HouseholdDuplicate;
  onClose: () => void;
  onMerged: () => void;
}) {
  const { t } = useStaffTranslation();
  const errors = useServerErrors(["otherId"]);
  const merge = useMutation({
    mutationFn: () => trpcClient.households.merge.mutate({ id: pair.a.id, otherId: pair.b.id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.households.pathKey() });
      onMerged();
    },
    onError: errors.report,
  });
  const unnamed = t("households.unnamed");
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("households.mergeTitle")}
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <Stack>
        {errors.unexpected ? <UnexpectedErrorAlert /> : null}
        <Text>
          {t("households.mergeBody", {
            kept: pair.a.id,
            keptNames: memberNames(pair.a, unnamed),
            other: pair.b.id,
            otherNames: memberNames(pair.b, unnamed),
          })}
        </Text>
        {errors.fieldErrors.otherId ? (
          <Text c="red" role="alert">
            {errors.fieldErrors.otherId}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button color="red" loading={merge.isPending} onClick={() => merge.mutate()}>
            {t("households.merge")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
