import { Paper, Title } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { SheetLayout } from "../../../components/SheetLayout";
import { SignInForm, type SignInPayload } from "../../../components/SignInForm";
import { isRetryable } from "../../../lib/apiErrors";
import { refreshSheets } from "../../../lib/sheetQueries";
import { sheetSearch } from "../../../lib/sheetSearch";
import { trpc, trpcClient } from "../../../lib/trpc";
import { randomId } from "../../../lib/uuid";

export const Route = createFileRoute("/sheet/$locationId/sign-in")({
  validateSearch: sheetSearch,
  component: SignInPage,
});

function SignInPage() {
  const locationId = Number(Route.useParams().locationId);
  const { programId } = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const { data: location } = useSuspenseQuery(trpc.locations.get.queryOptions({ id: locationId }));
  // A lost answer is retried with the same idempotency key, so one submission is one visit.
  const create = useMutation({
    ...trpc.visits.create.mutationOptions(),
    retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
  });
  const lookup = useCallback(
    (phoneNumber: string) => trpcClient.visits.search.query({ phoneNumber }),
    [],
  );

  // One idempotency key per submission; the form is busy (and ignores Submit) until this settles.
  async function signIn(payload: SignInPayload) {
    const visit = await create.mutateAsync({
      ...payload,
      LocationId: locationId,
      idempotencyKey: randomId(),
    });
    void refreshSheets();
    await navigate({
      to: "/sheet/$locationId",
      params: { locationId: String(locationId) },
      search: { programId: visit.ProgramId },
      replace: true,
    });
  }

  return (
    <SheetLayout location={location}>
      <Paper withBorder p="lg" radius="md" maw={640} w="100%" mx="auto">
        <Title order={1} mb="md">
          Sign In
        </Title>
        <SignInForm
          locationId={locationId}
          programs={location.Programs}
          defaultProgramId={programId}
          onSubmit={signIn}
          onCancel={() => router.history.back()}
          lookup={lookup}
        />
      </Paper>
    </SheetLayout>
  );
}
