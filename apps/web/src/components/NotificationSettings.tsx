import { Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { programName } from "@vsi/i18n/languages";
import { fieldErrorsOf } from "@vsi/web-common/api-errors";
import { translateServerMessage } from "../lib/serverMessages";
import { queryClient, trpc } from "../lib/trpc";
import { SaveRow } from "./SaveRow";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

const pairKey = (locationId: number, programId: number) => `${locationId}:${programId}`;

/**
 * My Account → E-mail alerts: the daily summary, and "email me when someone signs in for this
 * program at this location", one checkbox per program each location offers.
 */
export function NotificationSettings({ email }: { email: string }) {
  const { t, language } = useStaffTranslation();
  const { data: settings } = useSuspenseQuery(trpc.notifications.get.queryOptions());
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const [dailySummary, setDailySummary] = useState(settings.dailySummary);
  const [chosen, setChosen] = useState(
    () => new Set(settings.signIns.map((s) => pairKey(s.locationId, s.programId))),
  );
  const [saved, setSaved] = useState(false);
  const [unexpected, setUnexpected] = useState(false);
  // A 422 names an alert by its index: its message goes by that location's programs.
  const [errorAt, setErrorAt] = useState<{ locationId: number; message: string } | null>(null);

  const signIns = locations.flatMap((location) =>
    location.Programs.filter((program) => chosen.has(pairKey(location.id, program.id))).map(
      (program) => ({ locationId: location.id, programId: program.id }),
    ),
  );
  const save = useMutation(
    trpc.notifications.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.notifications.get.queryKey(), updated);
        setSaved(true);
      },
      onError: (error) => {
        const said = fieldErrorsOf(error, [], (issue) => translateServerMessage(language, issue));
        const [path, message] = Object.entries(said ?? {})[0] ?? [];
        const index = Number(/^signIns\.(\d+)\./.exec(path ?? "")?.[1]);
        const alert = Number.isInteger(index) ? signIns[index] : undefined;
        if (alert && message) {
          setErrorAt({
            locationId: alert.locationId,
            message,
          });
          // A program or location gone since the page loaded: show what is there now.
          void queryClient.invalidateQueries({ queryKey: trpc.locations.list.queryKey() });
        } else setUnexpected(true);
      },
    }),
  );

  const offering = locations.filter((location) => location.Programs.length > 0);
  return (
    <Stack component="section" aria-labelledby="notifications-title">
      <Title order={2} id="notifications-title">
        {t("notifications.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("notifications.lead", { email })}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          setUnexpected(false);
          setErrorAt(null);
          save.mutate({ signIns, dailySummary });
        }}
      >
        <Stack>
          {unexpected ? <UnexpectedErrorAlert /> : null}
          <Checkbox
            label={t("notifications.dailySummary")}
            description={t("notifications.dailySummaryHint")}
            checked={dailySummary}
            onChange={(event) => setDailySummary(event.currentTarget.checked)}
          />
          <Stack gap="xs" role="group" aria-labelledby="notifications-sign-ins">
            <Text fw={600} id="notifications-sign-ins">
              {t("notifications.signIns")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("notifications.signInsHint")}
            </Text>
            {offering.length === 0 ? <Text>{t("notifications.noLocations")}</Text> : null}
            {offering.map((location) => (
              <Checkbox.Group
                key={location.id}
                label={location.Name}
                error={errorAt?.locationId === location.id ? errorAt.message : undefined}
                value={location.Programs.filter((p) => chosen.has(pairKey(location.id, p.id))).map(
                  (p) => String(p.id),
                )}
                onChange={(values) =>
                  setChosen((before) => {
                    const next = new Set(
                      [...before].filter((key) => !key.startsWith(`${location.id}:`)),
                    );
                    for (const programId of values)
                      next.add(pairKey(location.id, Number(programId)));
                    return next;
                  })
                }
              >
                <Group gap="md" mt={4}>
                  {location.Programs.map((program) => (
                    <Checkbox
                      key={program.id}
                      value={String(program.id)}
                      label={programName(program, language)}
                      aria-label={t("notifications.programAt", {
                        program: programName(program, language),
                        location: location.Name,
                      })}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            ))}
          </Stack>
          <SaveRow
            label={t("notifications.save")}
            loading={save.isPending}
            saved={saved ? t("notifications.saved") : null}
          />
        </Stack>
      </form>
    </Stack>
  );
}
