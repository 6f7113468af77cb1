import { Alert, Button, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { programName, wordsIn } from "@vsi/i18n/languages";
import { useMemo, useState } from "react";
import { HouseholdForm, householdFormFields } from "../../../components/HouseholdForm";
import { ListPage } from "../../../components/ListPage";
import { MoveMemberDialog } from "../../../components/MoveMemberDialog";
import { ScrollTable } from "../../../components/ScrollTable";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { phoneShown } from "../../../lib/households";
import { queryClient, trpc } from "../../../lib/trpc";
import type { Household } from "../../../lib/types";

export const Route = createFileRoute("/dashboard/households/$householdId")({
  component: HouseholdPage,
});

/** One household: its address, size and declared basis, its members (changed, or one moved out), its visits. */
function HouseholdPage() {
  const id = Number(Route.useParams().householdId);
  const { t, language, formatDate } = useStaffTranslation();
  const { data: household } = useSuspenseQuery(trpc.households.get.queryOptions({ id }));
  const { data: bases } = useSuspenseQuery(trpc.households.bases.queryOptions());
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState<Household["Members"][number] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [memberCount, setMemberCount] = useState(household.Members.length);
  const fields = useMemo(() => householdFormFields(memberCount), [memberCount]);
  const errors = useServerErrors(fields);
  const update = useMutation(
    trpc.households.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.households.get.queryKey({ id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.households.page.pathKey() });
        setEditing(false);
      },
      onError: errors.report,
    }),
  );
  const basis = bases.find((one) => one.id === household.EligibilityBasisId);
  const detail = (label: string, value: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || "—"}</Text>
    </div>
  );
  return (
    <ListPage
      title={t("households.household", { id })}
      actions={
        editing ? null : (
          <Button
            variant="default"
            onClick={() => {
              setNotice(null);
              setMemberCount(household.Members.length);
              setEditing(true);
            }}
          >
            {t("common.edit")}
          </Button>
        )
      }
    >
      {notice ? (
        <Alert color="teal" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {editing ? (
        <Paper withBorder p="lg" radius="md">
          {errors.unexpected ? <UnexpectedErrorAlert /> : null}
          <HouseholdForm
            household={household}
            bases={bases}
            saving={update.isPending}
            errors={errors.fieldErrors}
            onMembersChange={setMemberCount}
            onCancel={() => {
              errors.clear();
              setEditing(false);
            }}
            onSubmit={(values) => {
              errors.clear();
              update.mutate({ id, ...values });
            }}
          />
        </Paper>
      ) : (
        <>
          <Paper withBorder p="lg" radius="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {detail(t("households.address"), household.AddressLine1)}
              {detail(t("households.zip"), household.Zip)}
              {detail(t("households.size"), String(household.Size))}
              {detail(
                t("households.basis"),
                basis ? wordsIn(basis.Label, language) : t("households.noBasis"),
              )}
              {detail(
                t("households.certifiedAt"),
                household.CertifiedAt
                  ? formatDate(household.CertifiedAt)
                  : t("households.notCertified"),
              )}
            </SimpleGrid>
          </Paper>
          <ScrollTable
            label={t("households.members")}
            caption={t("households.members")}
            minWidth={560}
            columns={[
              t("common.name"),
              t("households.phone"),
              t("households.birthDate"),
              t("households.relationship"),
              t("common.action"),
            ]}
            rows={household.Members}
            rowKey={(member) => member.id}
            cells={(member) => (
              <>
                <Table.Td>
                  {`${member.FirstName} ${member.LastName}`.trim() || t("households.unnamed")}
                </Table.Td>
                <Table.Td>{member.PhoneNumber ? phoneShown(member.PhoneNumber) : ""}</Table.Td>
                <Table.Td>{member.BirthDate ?? ""}</Table.Td>
                <Table.Td>{member.Relationship ?? ""}</Table.Td>
                <Table.Td>
                  <Button
                    variant="light"
                    onClick={() => {
                      setNotice(null);
                      setMoving(member);
                    }}
                  >
                    {t("households.move")}
                  </Button>
                </Table.Td>
              </>
            )}
          />
        </>
      )}
      {moving ? (
        <MoveMemberDialog
          household={household}
          member={moving}
          onClose={() => setMoving(null)}
          onMoved={(toHouseholdId) => {
            setNotice(
              t("households.moved", {
                name: `${moving.FirstName} ${moving.LastName}`.trim(),
                id: toHouseholdId,
              }),
            );
            setMoving(null);
          }}
        />
      ) : null}
      <HouseholdVisits id={id} language={language} />
    </ListPage>
  );
}

/** The household's latest visits at the caller's locations. */
function HouseholdVisits({ id, language }: { id: number; language: string }) {
  const { t, formatDateTime } = useStaffTranslation();
  const { data: visits } = useSuspenseQuery(trpc.households.visits.queryOptions({ id }));
  return (
    <Stack gap="xs">
      <ScrollTable
        label={t("households.visits")}
        caption={t("households.visits")}
        minWidth={560}
        columns={[
          t("households.when"),
          t("households.where"),
          t("households.program"),
          t("households.party"),
          t("households.eligibility"),
        ]}
        rows={visits}
        rowKey={(visit) => visit.id}
        empty={t("households.noVisits")}
        cells={(visit) => (
          <>
            <Table.Td>{formatDateTime(visit.TimeIn)}</Table.Td>
            <Table.Td>{visit.Location?.Name ?? ""}</Table.Td>
            <Table.Td>{visit.Program ? programName(visit.Program, language) : ""}</Table.Td>
            <Table.Td>{visit.PartySize}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={visit.Eligibility === "ok" ? undefined : 600}>
                {t(`households.eligibilityValues.${visit.Eligibility}`)}
              </Text>
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
