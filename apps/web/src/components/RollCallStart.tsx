import { Button, Group, Stack } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { messageOf } from "@vsi/web-common/api-errors";
import { useServerMessage } from "../hooks/useServerMessage";
import { trpc } from "../lib/trpc";
import { ErrorAlert } from "./ErrorAlert";
import { ButtonLink } from "./links";

/**
 * A location's roll call, from the On site page: "Start roll call" and "Start a drill", or, while
 * one is open there, the way back to it. `className` is the page's (hidden when printed).
 */
export function RollCallStart({
  locationId,
  place,
  className,
}: {
  locationId: number;
  place: string;
  className?: string;
}) {
  const { t } = useStaffTranslation();
  const said = useServerMessage();
  const navigate = useNavigate();
  const { data: rollCalls } = useQuery(trpc.rollCalls.list.queryOptions({}));
  const open = rollCalls?.find((r) => r.locationId === locationId && r.endedAt === null);
  const go = (id: number) =>
    void navigate({ to: "/dashboard/roll-calls/$rollCallId", params: { rollCallId: String(id) } });
  // Someone else started one a moment ago: the answer names it, to join.
  const openedBy = (error: unknown) =>
    (error as { shape?: { rollCallId?: number } }).shape?.rollCallId;
  const start = useMutation({
    ...trpc.rollCalls.start.mutationOptions(),
    onSuccess: (rollCall) => go(rollCall.id),
    onError: (error) => {
      const openId = openedBy(error);
      if (openId !== undefined) go(openId);
    },
  });
  // Any other failure is said by the buttons: in an emergency, a tap that seems to do nothing is
  // tapped again and again.
  const failure =
    start.isError && openedBy(start.error) === undefined ? messageOf(start.error) : undefined;
  if (open)
    return (
      <ButtonLink
        className={className}
        to="/dashboard/roll-calls/$rollCallId"
        params={{ rollCallId: String(open.id) }}
        color="red"
      >
        {t("rollCall.openFor", { place })}
      </ButtonLink>
    );
  return (
    <Stack className={className} gap="xs">
      <Group gap="xs">
        <Button
          color="red"
          aria-label={t("rollCall.startFor", { place })}
          loading={start.isPending && !start.variables.drill}
          onClick={() => start.mutate({ id: locationId, drill: false })}
        >
          {t("rollCall.start")}
        </Button>
        <Button
          variant="default"
          aria-label={t("rollCall.startDrillFor", { place })}
          loading={start.isPending && start.variables.drill}
          onClick={() => start.mutate({ id: locationId, drill: true })}
        >
          {t("rollCall.startDrill")}
        </Button>
      </Group>
      {failure === undefined ? null : (
        <ErrorAlert>
          {/* The server's own words where it gave some, else the connection. */}
          {failure.key === undefined ? t("rollCall.startFailed") : said(failure)}
        </ErrorAlert>
      )}
    </Stack>
  );
}
