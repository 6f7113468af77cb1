import { NativeSelect } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { administers } from "../../../lib/access";
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
  // Whose program: the network's (a network admin's to make) or one of the caller's locations' own.
  const owners = [
    ...(user?.isAdmin ? [{ value: "", label: t("programs.network") }] : []),
    ...locations
      .filter((location) => user && administers(user, location.id))
      .map((location) => ({ value: String(location.id), label: location.Name })),
  ];
  const [owner, setOwner] = useState(owners[0]?.value ?? "");
  // A button click has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/dashboard/programs" });
  return (
    <FormCard title={t("programs.add")} size="sm">
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <NativeSelect
        mb="md"
        label={t("programs.whose")}
        description={t("programs.whoseHint")}
        data={owners}
        value={owner}
        onChange={(event) => setOwner(event.currentTarget.value)}
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
        saving={create.isPending}
        errors={errors.fieldErrors}
        onCancel={backToList}
        onSubmit={(values) => {
          errors.clear();
          create.mutate(
            { ...values, LocationId: owner ? Number(owner) : null },
            { ...saveCallbacks(backToList), onError: errors.report },
          );
        }}
      />
    </FormCard>
  );
}
