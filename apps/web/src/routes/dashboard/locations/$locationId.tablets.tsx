import { useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute } from "@tanstack/react-router";
import { Divider } from "@mantine/core";
import { FormCard } from "../../../components/FormCard";
import { LocationDoor } from "../../../components/LocationDoor";
import { LocationTablets } from "../../../components/LocationTablets";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/locations/$locationId/tablets")({
  component: LocationTabletsPage,
});

/**
 * A location's page for any staff member: its door's poster and code, and its tablets to see and
 * disconnect; the edit page (its settings, opening the door) is for admins only.
 */
function LocationTabletsPage() {
  const id = Number(Route.useParams().locationId);
  const { data: location } = useSuspenseQuery(trpc.locations.get.queryOptions({ id }));
  const { t } = useStaffTranslation();
  return (
    <FormCard title={t("locations.tabletsAt", { name: location.Name })} size="md">
      <LocationDoor locationId={id} open={location.SelfSignIn} />
      <Divider my="lg" />
      <LocationTablets locationId={id} />
    </FormCard>
  );
}
