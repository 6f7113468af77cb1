import { Alert, Button, Group, Text } from "@mantine/core";
import { KioskDialog } from "./KioskDialog";
import { useKioskTranslation } from "../lib/i18n";
import { nameWithLastInitial } from "../lib/names";
import type { Visit } from "../lib/types";

interface Props {
  visit: Visit | null;
  busy: boolean;
  failed?: boolean;
  onConfirm: (visit: Visit) => void;
  onCancel: () => void;
}

/** The confirmation before a visitor is signed out. */
export function SignOutModal({ visit, busy, failed = false, onConfirm, onCancel }: Props) {
  const { t } = useKioskTranslation();
  return (
    <KioskDialog
      opened={visit !== null}
      onClose={onCancel}
      title={t("signOut.title")}
      closeLabel={t("close")}
    >
      {visit ? (
        <>
          <Text size="lg">
            {t("signOut.question", { name: nameWithLastInitial(visit.FirstName, visit.LastName) })}
          </Text>
          {failed ? (
            <Alert color="red" mt="md" role="alert">
              {t("signOut.failed")}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" size="lg" onClick={onCancel}>
              {t("signOut.cancel")}
            </Button>
            <Button color="red.9" size="lg" loading={busy} onClick={() => onConfirm(visit)}>
              {t("signOut.confirm")}
            </Button>
          </Group>
        </>
      ) : null}
    </KioskDialog>
  );
}
