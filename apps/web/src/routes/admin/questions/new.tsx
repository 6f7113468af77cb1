import { useStaffTranslation } from "@vsi/i18n/staff";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { OwnerSelect, useOwnerChoice } from "../../../components/OwnerSelect";
import { useCurrentUser } from "../../../lib/session";
import { emptyQuestion, QuestionForm, questionFormFields } from "../../../components/QuestionForm";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { queryClient, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/admin/questions/new")({
  component: NewQuestionPage,
});

function NewQuestionPage() {
  const navigate = useNavigate();
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const create = useMutation(trpc.questions.create.mutationOptions());
  const errors = useServerErrors(questionFormFields);
  // A button click has nothing to wait for; the router reports a failed navigation itself.
  const backToList = () => void navigate({ to: "/admin/questions" });
  const { t } = useStaffTranslation();
  const owner = useOwnerChoice(useCurrentUser(), locations, t("questions.network"));
  return (
    <FormCard title={t("questions.add")} size="sm">
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <OwnerSelect
        choice={owner}
        label={t("questions.whose")}
        description={t("questions.whoseHint")}
      />
      <QuestionForm
        initial={emptyQuestion}
        // A location's own question is asked of the network's programs and of that location's own.
        programs={programs.filter(
          (program) => program.LocationId === null || program.LocationId === owner.ownerId,
        )}
        saving={create.isPending}
        errors={errors.fieldErrors}
        onCancel={backToList}
        onSubmit={(values) => {
          errors.clear();
          create.mutate(
            { ...values, LocationId: owner.ownerId },
            {
              onSuccess: () =>
                void queryClient
                  .invalidateQueries({ queryKey: trpc.questions.pathKey() })
                  .then(backToList),
              onError: errors.report,
            },
          );
        }}
      />
    </FormCard>
  );
}
