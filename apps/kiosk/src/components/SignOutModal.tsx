import { KioskAlert } from "./KioskAlert";
import { KioskButton } from "./KioskButton";
import { DialogActions, KioskDialog } from "./KioskDialog";
import { useKioskTranslation } from "@vsi/i18n";
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
          <p>
            {t("signOut.question", { name: nameWithLastInitial(visit.FirstName, visit.LastName) })}
          </p>
          {failed ? (
            <KioskAlert tone="danger">
              <p>{t("signOut.failed")}</p>
            </KioskAlert>
          ) : null}
          <DialogActions>
            <KioskButton variant="default" onClick={onCancel}>
              {t("signOut.cancel")}
            </KioskButton>
            <KioskButton variant="danger" loading={busy} onClick={() => onConfirm(visit)}>
              {t("signOut.confirm")}
            </KioskButton>
          </DialogActions>
        </>
      ) : null}
    </KioskDialog>
  );
}
