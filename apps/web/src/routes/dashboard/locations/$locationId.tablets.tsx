import { useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute } from "@tanstack/react-router";
import { Divider, Group } from "@mantine/core";
import { FlashMessage } from "../../../components/FlashMessage";
import { FormCard } from "../../../components/FormCard";
import { ButtonLink } from "../../../components/links";
import { LocationDoor } from "../../../components/LocationDoor";
import { LocationTablets } from "../../../components/LocationTablets";
import { administers } from "../../../lib/access";
import { LocationQueue } from "../../../components/LocationQueue";
import { useCurrentUser } from "../../../lib/session";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/locations/$locationId/tablets")({
  component: LocationTabletsPage,
});

/**
 * A location's page for any staff member: its door's poster and code, and its tablets to see and
 * disconnect; the edit page (its settings, opening the door) is for admins only. A new location
 * opens here once saved.
 */
function LocationTabletsPage() {
  const id = Number(Route.useParams().locationId);
  const { data: location } = useSuspenseQuery(trpc.locations.get.queryOptions({ id }));
  const { t } = useStaffTranslation();
  const user = useCurrentUser();
  const isAdmin = user ? administers(user, id) : false;
  return (
    <FormCard title={t("locations.tabletsAt", { name: location.Name })} size="md">
      <FlashMessage />
      {isAdmin ? (
        <Group>
          <ButtonLink
            variant="default"
            to="/dashboard/locations/$locationId/edit"
            params={{ locationId: String(id) }}
          >
            {t("locations.edit")}
          </ButtonLink>
        </Group>
      ) : null}
      {location.Queue === "off" ? null : (
        <>
          <LocationQueue locationId={id} />
          <Divider my="lg" />
        </>
      )}
      <LocationDoor locationId={id} open={location.SelfSignIn} />
      <Divider my="lg" />
      <LocationTablets locationId={id} />
    </FormCard>
  );
}
