import { useStaffTranslation } from "@vsi/i18n/staff";
import { Text } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { OwnerSelect, useOwnerChoice } from "../../../components/OwnerSelect";
import { useCurrentUser } from "../../../lib/session";
import { QuestionForm, questionFormFields } from "../../../components/QuestionForm";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { queryClient, trpc } from "../../../lib/trpc";

const editFields = [...questionFormFields, "LocationId"];

export const Route = createFileRoute("/admin/questions/$questionId/edit")({
  component: EditQuestionPage,
});

function EditQuestionPage() {
  const id = Number(Route.useParams().questionId);
  const navigate = useNavigate();
  // The live questions are few: the one edited is read from their list.
  const { data: questions } = useSuspenseQuery(trpc.questions.list.queryOptions({}));
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const update = useMutation(trpc.questions.update.mutationOptions());
  const errors = useServerErrors(editFields);
  const backToList = () => void navigate({ to: "/admin/questions" });
  const question = questions.find((candidate) => candidate.id === id);
  const { t } = useStaffTranslation();
  const user = useCurrentUser();
  // Whose it is: a network admin's to change (a site admin's own stays where it is).
  const owner = useOwnerChoice(user, locations, t("questions.network"), question?.LocationId);
  const ownerId = user?.isAdmin ? owner.ownerId : (question?.LocationId ?? null);
  return (
    <FormCard title={t("questions.edit")} size="sm">
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      {question && user?.isAdmin ? (
        <OwnerSelect
          choice={owner}
          label={t("questions.whose")}
          description={t("questions.whoseMoveHint")}
          error={errors.fieldErrors.LocationId}
        />
      ) : null}
      {question ? (
        <QuestionForm
          initial={question}
          // A location's own question: the network's programs and that location's own.
          programs={programs.filter(
            (program) => program.LocationId === null || program.LocationId === ownerId,
          )}
          saving={update.isPending}
          errors={errors.fieldErrors}
          onCancel={backToList}
          onSubmit={(values) => {
            errors.clear();
            update.mutate(
              // The owner is sent only when it changes.
              {
                id,
                ...values,
                ...(ownerId === question.LocationId ? {} : { LocationId: ownerId }),
              },
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
      ) : (
        <Text>{t("questions.gone")}</Text>
      )}
    </FormCard>
  );
}
