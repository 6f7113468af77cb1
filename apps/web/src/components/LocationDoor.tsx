import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { trpc } from "../lib/trpc";

/**
 * The door of a location whose visitors sign in on their own phone: its poster to print, and a
 * new code (for a poster taken away or photographed), which makes every printed poster out of
 * date. Any staff member may do both; opening or closing the door is the location's setting (admins).
 */
export function LocationDoor({
  locationId,
  open,
  switchAbove = false,
}: {
  locationId: number;
  open: boolean;
  /** On the location's form (admins): the switch that opens the door is right above. */
  switchAbove?: boolean;
}) {
  const { t } = useStaffTranslation();
  const newCode = useMutation(trpc.door.newCode.mutationOptions());
  const posterUrl = `/api/locations/${locationId}/poster`;

  function replaceCode() {
    if (!window.confirm(t("door.confirmNewCode"))) return;
    newCode.mutate({ id: locationId });
  }

  return (
    <Stack gap="xs">
      <Title order={3}>{t("door.title")}</Title>
      {open ? (
        <>
          <Text size="sm" c="dimmed">
            {t("door.intro")}
          </Text>
          <Group>
            <Button component="a" href={posterUrl} target="_blank" rel="noopener">
              {t("door.printPoster")}
            </Button>
            <Button variant="light" color="red" loading={newCode.isPending} onClick={replaceCode}>
              {t("door.newCode")}
            </Button>
          </Group>
          {newCode.data ? (
            <Alert color="green" title={t("door.newCodeMade")}>
              {t("door.newLinkIs")}{" "}
              <Anchor href={newCode.data.url} target="_blank" rel="noopener">
                {newCode.data.url}
              </Anchor>
              . {t("door.printNew")}
            </Alert>
          ) : null}
          {newCode.isError ? <Alert color="red">{t("door.failed")}</Alert> : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {switchAbove ? t("door.closedHere") : t("door.closedForStaff")}
        </Text>
      )}
    </Stack>
  );
}
