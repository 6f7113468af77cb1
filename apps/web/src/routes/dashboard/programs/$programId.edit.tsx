import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { ProgramForm, programFormFields } from "../../../components/ProgramForm";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { requireSiteAdmin } from "../../../lib/guards";
import { saveCallbacks } from "../../../lib/saveCallbacks";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/programs/$programId/edit")({
  beforeLoad: requireSiteAdmin,
  component: EditProgramPage,
});

function EditProgramPage() {
  const id = Number(Route.useParams().programId);
  const navigate = useNavigate();
  const { data: program } = useSuspenseQuery(trpc.programs.get.queryOptions({ id }));
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const update = useMutation(trpc.programs.update.mutationOptions());
  const errors = useServerErrors(programFormFields);
  // A button click has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/dashboard/programs" });
  const { t } = useStaffTranslation();
  return (
    <FormCard title={t("programs.edit")} size="sm">
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <ProgramForm
        initial={{
          Name: program.Name,
          NameEs: program.NameEs ?? "",
          LocationIds: (program.Locations ?? []).map((location) => location.id),
          SignsInHousehold: program.SignsInHousehold,
          AsksSignature: program.AsksSignature,
          OwnQueue: program.OwnQueue,
        }}
        locations={locations}
        ownLocationId={program.LocationId}
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
    </FormCard>
  );
}
