import "@mantine/core/styles/Progress.css";
import { Button, Code, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { IconCircle, IconCircleCheckFilled } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { queryClient, trpc } from "../lib/trpc";
import type { SetupStep, Today } from "../lib/types";
import { AnchorLink } from "./links";
import classes from "./SetupChecklist.module.css";

/** Where each step is done; e-mail is set up where the server is started, not in the app. */
const stepLinks = {
  password: "/account",
  location: "/dashboard/locations/new",
  programs: "/dashboard/programs/new",
  questions: "/admin/questions/new",
  tablet: "/dashboard/locations",
  email: null,
  invite: "/admin/users/invite",
  retention: "/admin/settings",
} as const satisfies Record<SetupStep, string | null>;

/** The settings e-mail needs, each named as the server reads it. */
const emailSettings = ["SMTP_URL", "MAIL_FROM", "BASE_URL"] as const;

/**
 * A fresh install's "get set up" list, for admins: each step ticked by the server from the data
 * (never by a click here), each linking to where it is done, hidden for good by any admin.
 */
export function SetupChecklist({ setup }: { setup: NonNullable<Today["setup"]> }) {
  const { t } = useStaffTranslation();
  const dismiss = useMutation(
    trpc.settings.dismissSetup.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.reports.today.queryKey() }),
    }),
  );
  const done = setup.steps.filter((s) => s.done).length;
  const total = setup.steps.length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="setup-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h3" id="setup-title">
            {t("dashboard.setup.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("dashboard.setup.progress", { done, total })}
          </Text>
        </Group>
        <Progress
          value={(done / total) * 100}
          aria-label={t("dashboard.setup.progress", { done, total })}
          size="sm"
        />
        <ol className={classes.steps}>
          {setup.steps.map(({ step, done }) => (
            <li key={step} className={classes.step} data-done={done || undefined}>
              {done ? (
                <IconCircleCheckFilled
                  className={classes.icon}
                  size={22}
                  color="var(--mantine-color-brand-7)"
                  aria-hidden="true"
                />
              ) : (
                <IconCircle
                  className={classes.icon}
                  size={22}
                  color="var(--mantine-color-gray-6)"
                  aria-hidden="true"
                />
              )}
              <div>
                {stepLinks[step] === null ? (
                  <Text span fw={600}>
                    {t(`dashboard.setup.steps.${step}`)}
                  </Text>
                ) : (
                  <AnchorLink to={stepLinks[step]} fw={600}>
                    {t(`dashboard.setup.steps.${step}`)}
                  </AnchorLink>
                )}
                <span className={classes.state}>
                  {done ? t("dashboard.setup.done") : t("dashboard.setup.toDo")}
                </span>
                <Text size="sm" c="dimmed">
                  {t(`dashboard.setup.hints.${step}`)}
                </Text>
                {step === "email" && !done ? (
                  <>
                    <dl className={classes.settings}>
                      {emailSettings.map((name) => (
                        <div key={name}>
                          <dt>
                            <Code>{name}</Code>
                          </dt>
                          <dd>{t(`dashboard.setup.emailSettings.${name}`)}</dd>
                        </div>
                      ))}
                    </dl>
                    <Text size="sm" c="dimmed">
                      {t("dashboard.setup.emailThen")}
                    </Text>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate({})}
          >
            {t("dashboard.setup.dismiss")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
