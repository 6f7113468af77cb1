import { useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { LocationTablets } from "../../../components/LocationTablets";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/locations/$locationId/tablets")({
  component: LocationTabletsPage,
});

/** Any staff member may see and disconnect a location's tablets; the edit page is for admins only. */
function LocationTabletsPage() {
  const id = Number(Route.useParams().locationId);
  const { data: location } = useSuspenseQuery(trpc.locations.get.queryOptions({ id }));
  const { t } = useStaffTranslation();
  return (
    <FormCard title={t("locations.tabletsAt", { name: location.Name })} size="md">
      <LocationTablets locationId={id} />
    </FormCard>
  );
}
