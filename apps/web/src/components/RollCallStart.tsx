import { Button, Group } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { trpc } from "../lib/trpc";
import { ButtonLink } from "./links";
import classes from "../routes/dashboard/OnSite.module.css";

/**
 * A location's roll call, from the On site page: "Start roll call" and "Start a drill", or, while
 * one is open there, the way back to it.
 */
export function RollCallStart({ locationId, place }: { locationId: number; place: string }) {
  const { t } = useStaffTranslation();
  const navigate = useNavigate();
  const { data: rollCalls } = useQuery(trpc.rollCalls.list.queryOptions({}));
  const open = rollCalls?.find((r) => r.locationId === locationId && r.endedAt === null);
  const go = (id: number) =>
    void navigate({ to: "/dashboard/roll-calls/$rollCallId", params: { rollCallId: String(id) } });
  const start = useMutation({
    ...trpc.rollCalls.start.mutationOptions(),
    onSuccess: (rollCall) => go(rollCall.id),
    // Someone else started one a moment ago: join it.
    onError: (error) => {
      const openId = (error as { shape?: { rollCallId?: number } }).shape?.rollCallId;
      if (openId !== undefined) go(openId);
    },
  });
  if (open)
    return (
      <ButtonLink
        className={classes.noPrint}
        to="/dashboard/roll-calls/$rollCallId"
        params={{ rollCallId: String(open.id) }}
        color="red"
      >
        {t("rollCall.openFor", { place })}
      </ButtonLink>
    );
  return (
    <Group className={classes.noPrint} gap="xs">
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
  );
}
