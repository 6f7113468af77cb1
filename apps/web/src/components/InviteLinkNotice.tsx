import { Paper, Stack, Text, Title } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { CopyLinkField } from "./CopyLinkField";

/**
 * An invite that was not e-mailed (no mail server): says so, and hands over its link to send by
 * other means. Focused when it appears, so it is read out in place of a success message.
 */
export function InviteLinkNotice({
  name,
  link,
  children,
}: {
  name: string;
  link: string;
  /** What comes next (a way back to the list). */
  children?: ReactNode;
}) {
  const { t } = useStaffTranslation();
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.focus();
  }, [link]);
  return (
    <Paper
      component="section"
      ref={section}
      tabIndex={-1}
      aria-labelledby={titleId}
      withBorder
      p="md"
      bg="yellow.0"
      style={{ borderColor: "var(--mantine-color-yellow-6)" }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t("users.notEmailedTitle")}
        </Title>
        <Text>{t("users.notEmailedBody", { name })}</Text>
        <CopyLinkField label={t("users.inviteLink")} link={link} />
        {children}
      </Stack>
    </Paper>
  );
}
