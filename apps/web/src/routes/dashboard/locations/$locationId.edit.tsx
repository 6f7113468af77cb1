import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { Divider } from "@mantine/core";
import { FormCard } from "../../../components/FormCard";
import { LocationDoor } from "../../../components/LocationDoor";
import { LocationTablets } from "../../../components/LocationTablets";
import { LocationLabels } from "../../../components/LocationLabels";
import { LocationForm, locationFormFields } from "../../../components/LocationForm";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { requireLocationAdmin } from "../../../lib/guards";
import { saveCallbacks } from "../../../lib/saveCallbacks";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/locations/$locationId/edit")({
  beforeLoad: requireLocationAdmin,
  component: EditLocationPage,
});

function EditLocationPage() {
  const id = Number(Route.useParams().locationId);
  const navigate = useNavigate();
  const { data: location } = useSuspenseQuery(trpc.locations.get.queryOptions({ id }));
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  const update = useMutation(trpc.locations.update.mutationOptions());
  const errors = useServerErrors(locationFormFields);
  const { t } = useStaffTranslation();
  // A button click has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/dashboard/locations" });
  return (
    <FormCard title={t("locations.edit")} size="sm">
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <LocationForm
        initial={location}
        programs={programs}
        saving={update.isPending}
        errors={errors.fieldErrors}
        onCancel={backToList}
        onSubmit={(values) => {
          errors.clear();
          update.mutate(
            { id, ...values },
            { ...saveCallbacks(backToList), onError: errors.report },
          );
        }}
      />
      <Divider my="lg" />
      <LocationDoor locationId={id} open={location.SelfSignIn} switchAbove />
      <Divider my="lg" />
      <LocationTablets locationId={id} />
      <Divider my="lg" />
      <LocationLabels locationId={id} initial={location} />
    </FormCard>
  );
}
