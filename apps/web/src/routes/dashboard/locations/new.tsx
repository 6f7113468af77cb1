import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { LocationForm } from "../../../components/LocationForm";
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
  // A button click has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/dashboard/locations" });
  return (
    <FormCard title="Add New Location" size="sm">
      <LocationForm
        initial={{ Name: "", Address: "", Programs: [], TemperatureUnit: "F", LogoUrl: null }}
        programs={programs}
        saving={create.isPending}
        onCancel={backToList}
        onSubmit={(values) => create.mutate(values, saveCallbacks(backToList))}
      />
    </FormCard>
  );
}
