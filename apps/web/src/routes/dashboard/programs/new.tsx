import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { ProgramForm } from "../../../components/ProgramForm";
import { requireAdmin } from "../../../lib/guards";
import { saveCallbacks } from "../../../lib/saveCallbacks";
import { trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/programs/new")({
  beforeLoad: requireAdmin,
  component: NewProgramPage,
});

function NewProgramPage() {
  const navigate = useNavigate();
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const create = useMutation(trpc.programs.create.mutationOptions());
  const { t } = useStaffTranslation();
  // A button click has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/dashboard/programs" });
  return (
    <FormCard title={t("programs.add")} size="sm">
      <ProgramForm
        initial={{ Name: "", NameEs: "", LocationIds: [] }}
        locations={locations}
        saving={create.isPending}
        onCancel={backToList}
        onSubmit={(values) => create.mutate(values, saveCallbacks(backToList))}
      />
    </FormCard>
  );
}
