import { Text } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute, useCanGoBack, useNavigate, useRouter } from "@tanstack/react-router";
import { FormCard } from "../../../components/FormCard";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { VisitDecision } from "../../../components/VisitDecision";
import { VisitForm } from "../../../components/VisitForm";
import { useServerErrors } from "../../../hooks/useServerErrors";
import { queryClient, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/visits/$visitId/edit")({
  component: EditVisitPage,
});

function EditVisitPage() {
  const id = Number(Route.useParams().visitId);
  const { t } = useStaffTranslation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const navigate = useNavigate();
  const { data: visit } = useSuspenseQuery(trpc.visits.get.queryOptions({ id }));
  // Every question the program has asked (retired ones last): the live ones are corrected, the
  // retired ones this visit answered are shown as they were.
  const { data: asked } = useSuspenseQuery(
    trpc.questions.list.queryOptions({ programId: visit.ProgramId, asked: "period" }),
  );
  const live = asked.filter((question) => question.RetiredAt === null);
  const retired = asked.filter(
    (question) => question.RetiredAt !== null && String(question.id) in visit.Answers,
  );
  const update = useMutation(trpc.visits.update.mutationOptions());
  const approve = useMutation(trpc.visits.approve.mutationOptions());
  const decline = useMutation(trpc.visits.decline.mutationOptions());
  const decisionErrors = useServerErrors(["reason"]);
  const errors = useServerErrors([
    "FirstName",
    "LastName",
    "PhoneNumber",
    "Temperature",
    "PartySize",
    ...live.map((question) => `Answers.${question.id}`),
  ]);
  // Back to the report as it was (its filters and page), or to the report when opened on its own.
  const back = () =>
    canGoBack ? router.history.back() : void navigate({ to: "/dashboard/reports" });
  const erased = visit.PhoneNumber === "";
  return (
    <FormCard title={t("visit.title")} size="sm">
      {errors.unexpected || decisionErrors.unexpected ? <UnexpectedErrorAlert /> : null}
      {visit.Eligibility === "waiting" ? (
        <VisitDecision
          visitId={id}
          deciding={approve.isPending || decline.isPending}
          error={decisionErrors.fieldErrors.reason}
          onDecide={(decision, reason) => {
            decisionErrors.clear();
            (decision === "approved" ? approve : decline).mutate(
              { id, reason },
              {
                onSuccess: () =>
                  void queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
                onError: decisionErrors.report,
              },
            );
          }}
        />
      ) : null}
      {erased ? (
        <Text>{t("visit.erased")}</Text>
      ) : (
        <VisitForm
          visit={visit}
          questions={live}
          retired={retired}
          saving={update.isPending}
          errors={errors.fieldErrors}
          onCancel={back}
          onSubmit={(changes) => {
            errors.clear();
            if (Object.keys(changes).length === 0) return back();
            update.mutate(
              { id, ...changes },
              {
                onSuccess: () =>
                  void queryClient
                    .invalidateQueries({ queryKey: trpc.visits.pathKey() })
                    .then(back),
                onError: errors.report,
              },
            );
          }}
        />
      )}
    </FormCard>
  );
}
