import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { keepTicketForPrint, ticketElement } from "@vsi/web-common/ticket";
import { useEffect, useRef } from "react";
import { queryClient, trpc } from "../lib/trpc";

/**
 * A visit's ticket: its preview, printing it in the browser (the location's label size), and, where
 * the location has a label printer, sending it there, with how the last send went; a failed one
 * says why and is sent again from here.
 */
export function VisitTicket({ visitId }: { visitId: number }) {
  const { t } = useStaffTranslation();
  const options = trpc.labels.label.queryOptions({ id: visitId });
  const { data: label } = useQuery({
    ...options,
    // While the server is sending it, look again until the printer took it or refused.
    refetchInterval: (query) => (query.state.data?.Print?.State === "sending" ? 1000 : false),
  });
  const print = useMutation(
    trpc.labels.print.mutationOptions({
      onSettled: () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
    }),
  );
  const preview = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!label) return;
    preview.current?.replaceChildren(ticketElement(label));
    return keepTicketForPrint(label);
  }, [label]);
  if (!label) return null;
  const state = label.Print?.State;
  return (
    <Stack gap="sm" data-testid="visit-ticket">
      <Text fw={600}>{t("ticket.title")}</Text>
      <div
        ref={preview}
        aria-label={t("ticket.preview")}
        style={{ border: "1px solid var(--mantine-color-gray-4)", width: "fit-content" }}
      />
      <Group>
        <Button variant="default" onClick={() => window.print()}>
          {t("ticket.print")}
        </Button>
        {label.HasPrinter ? (
          <Button loading={print.isPending} onClick={() => print.mutate({ id: visitId })}>
            {state === "failed" ? t("ticket.sendAgain") : t("ticket.send")}
          </Button>
        ) : null}
      </Group>
      {state === "failed" ? (
        <Alert color="red" title={t("ticket.failedTitle")} role="alert">
          {t("ticket.failedBody", { reason: label.Print?.Error ?? "" })}
        </Alert>
      ) : state === "sending" ? (
        <Text role="status">{t("ticket.sending")}</Text>
      ) : state === "printed" ? (
        <Text role="status" c="teal">
          {t("ticket.printed")}
        </Text>
      ) : null}
    </Stack>
  );
}
