import { Button, Group, Modal, Table, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { sheetPath } from "@vsi/web-common/addresses";
import { ListPage } from "../../../components/ListPage";
import { ScrollTable } from "../../../components/ScrollTable";
import { administers } from "../../../lib/access";
import { useCurrentUser } from "../../../lib/session";
import { trpc, trpcClient } from "../../../lib/trpc";
import type { LocationListItem } from "../../../lib/types";
import { ButtonLink, EditLink } from "../../../components/links";

export const Route = createFileRoute("/dashboard/locations/")({
  component: LocationsPage,
});

function LocationsPage() {
  const user = useCurrentUser();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const { t } = useStaffTranslation();
  return (
    <ListPage
      title={t("locations.title")}
      actions={
        user?.isAdmin ? (
          <ButtonLink to="/dashboard/locations/new">{t("locations.add")}</ButtonLink>
        ) : null
      }
    >
      <ScrollTable
        label={t("locations.title")}
        minWidth={480}
        columns={[t("common.name"), t("locations.address"), t("common.action")]}
        rows={locations}
        rowKey={(location) => location.id}
        empty={t("locations.empty")}
        cells={(location) => (
          <>
            <Table.Td>{location.Name}</Table.Td>
            <Table.Td>{location.Address}</Table.Td>
            <Table.Td>
              <LocationActions
                location={location}
                canEdit={user ? administers(user, location.id) : false}
              />
            </Table.Td>
          </>
        )}
      />
    </ListPage>
  );
}

function LocationActions({ location, canEdit }: { location: LocationListItem; canEdit: boolean }) {
  const [asking, ask] = useDisclosure(false);
  const { t } = useStaffTranslation();
  // GET /api/locations/{id}/setup on the server, but an action here: a mutation, never cached.
  const setup = useMutation({
    mutationFn: (id: number) => trpcClient.locations.setup.query({ id }),
  });

  // Set Up Tablet turns this browser into the location's sheet: the server ends the staff session
  // and sets the tablet cookies, so the client forgets the user too.
  function setUpTablet() {
    setup.mutate(location.id, {
      // The sheet is the kiosk, another app: a full page load, which also leaves the ended session
      // and every staff query behind.
      onSuccess: () => window.location.assign(sheetPath(location.id)),
      onError: (error) => console.error(error),
    });
  }

  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="light" onClick={ask.open} loading={setup.isPending}>
        {t("locations.setUpTablet")}
      </Button>
      <Modal
        opened={asking}
        onClose={ask.close}
        title={t("locations.setUpTitle")}
        centered
        closeButtonProps={{ "aria-label": t("common.close") }}
      >
        <Text>{t("locations.setUpBody", { name: location.Name })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={ask.close}>
            {t("common.cancel")}
          </Button>
          <Button
            loading={setup.isPending}
            onClick={() => {
              ask.close();
              setUpTablet();
            }}
          >
            {t("locations.setUpTablet")}
          </Button>
        </Group>
      </Modal>
      <ButtonLink
        variant="default"
        to="/dashboard/locations/$locationId/tablets"
        params={{ locationId: String(location.id) }}
      >
        {t("locations.doorAndTablets")}
      </ButtonLink>
      {canEdit ? (
        <EditLink
          to="/dashboard/locations/$locationId/edit"
          params={{ locationId: String(location.id) }}
        />
      ) : null}
    </Group>
  );
}
