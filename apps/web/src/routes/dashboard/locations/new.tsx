import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { LocationForm, locationFormFields } from "../../../components/LocationForm";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { requireAdmin } from "../../../lib/guards";
import { saveCallbacks } from "../../../lib/saveCallbacks";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/locations/new")({
  beforeLoad: requireAdmin,
  component: NewLocationPage,
});

function NewLocationPage() {
  const navigate = useNavigate();
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  const create = useMutation(trpc.locations.create.mutationOptions());
  const errors = useServerErrors(locationFormFields);
  const { t } = useStaffTranslation();
  // Cancel has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/dashboard/locations" });
  return (
    <FormCard title={t("locations.add")} size="sm">
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <LocationForm
        initial={{ Name: "", Address: "", Programs: [], TemperatureUnit: "F", LogoUrl: null }}
        programs={programs}
        saving={create.isPending}
        errors={errors.fieldErrors}
        onCancel={backToList}
        onSubmit={(values) => {
          errors.clear();
          // Saved, it opens on its own page: the door's poster and its tablets are set up there.
          create.mutate(values, {
            ...saveCallbacks((location: { id: number; Name: string }) =>
              navigate({
                to: "/dashboard/locations/$locationId/tablets",
                params: { locationId: String(location.id) },
                state: (state) => ({
                  ...state,
                  flash: t("locations.saved", { name: location.Name }),
                }),
              }),
            ),
            onError: errors.report,
          });
        }}
      />
    </FormCard>
  );
}
