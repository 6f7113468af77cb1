import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { OwnerSelect, useOwnerChoice } from "../../../components/OwnerSelect";
import { useCurrentUser } from "../../../lib/session";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { ProgramForm, programFormFields } from "../../../components/ProgramForm";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { requireSiteAdmin } from "../../../lib/guards";
import { saveCallbacks } from "../../../lib/saveCallbacks";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/programs/new")({
  beforeLoad: requireSiteAdmin,
  component: NewProgramPage,
});

function NewProgramPage() {
  const navigate = useNavigate();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const create = useMutation(trpc.programs.create.mutationOptions());
  const errors = useServerErrors(programFormFields);
  const { t } = useStaffTranslation();
  const user = useCurrentUser();
  const owner = useOwnerChoice(user, locations, t("programs.network"));
  // A button click has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/dashboard/programs" });
  return (
    <FormCard title={t("programs.add")} size="sm">
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <OwnerSelect
        choice={owner}
        label={t("programs.whose")}
        description={t("programs.whoseHint")}
      />
      <ProgramForm
        initial={{
          Name: "",
          NameEs: "",
          LocationIds: [],
          SignsInHousehold: false,
          AsksSignature: false,
          OwnQueue: false,
        }}
        locations={locations}
        ownLocationId={owner.ownerId}
        saving={create.isPending}
        errors={errors.fieldErrors}
        onCancel={backToList}
        onSubmit={(values) => {
          errors.clear();
          create.mutate(
            { ...values, LocationId: owner.ownerId },
            { ...saveCallbacks(backToList), onError: errors.report },
          );
        }}
      />
    </FormCard>
  );
}
