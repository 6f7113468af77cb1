import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { messageOf } from "@vsi/web-common/api-errors";
import { createFileRoute } from "@tanstack/react-router";
import { ErrorAlert } from "../../../components/ErrorAlert";
import { ButtonLink } from "../../../components/links";
import { FormCard } from "../../../components/FormCard";
import { VisitLine } from "../../../components/VisitLine";
import { VisitTicket } from "../../../components/VisitTicket";
import { useServerMessage } from "../../../hooks/useServerMessage";
import { queryClient, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/dashboard/visits/$visitId/")({
  component: VisitPage,
});

/**
 * One visit, as a ticket's QR code opens it: who, where, since when; its place in the line, where
 * it has a number; sign it out, print its ticket.
 */
function VisitPage() {
  const id = Number(Route.useParams().visitId);
  const { t, formatDateTime } = useStaffTranslation();
  const said = useServerMessage();
  const { data: visit } = useSuspenseQuery(trpc.visits.get.queryOptions({ id }));
  const signOut = useMutation(
    trpc.visits.signOut.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() }),
    }),
  );
  const open = visit.TimeOut === null;
  return (
    <FormCard title={t("ticket.visitTitle")} size="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="xl" fw={700}>
            {visit.FirstName} {visit.LastName}
          </Text>
          <Badge color={open ? "teal" : "gray"}>
            {open ? t("ticket.signedIn") : t("ticket.signedOut")}
          </Badge>
        </Group>
        <Text c="dimmed">
          {t("ticket.timeIn", { time: formatDateTime(visit.TimeIn) })}
          {visit.TimeOut
            ? ` · ${t("ticket.timeOut", { time: formatDateTime(visit.TimeOut) })}`
            : ""}
        </Text>
      </Stack>
      {visit.QueueNumber !== null ? <VisitLine visit={visit} number={visit.QueueNumber} /> : null}
      {signOut.isError ? <ErrorAlert>{said(messageOf(signOut.error))}</ErrorAlert> : null}
      <Group>
        {open ? (
          <Button color="red" loading={signOut.isPending} onClick={() => signOut.mutate({ id })}>
            {t("ticket.signOut")}
          </Button>
        ) : null}
        <ButtonLink
          variant="default"
          to="/dashboard/visits/$visitId/edit"
          params={{ visitId: String(id) }}
        >
          {t("ticket.edit")}
        </ButtonLink>
      </Group>
      <VisitTicket visitId={id} />
    </FormCard>
  );
}
