import { useId } from "react";
import { useKioskTranslation } from "@vsi/i18n";
import { nameWithLastInitial } from "../lib/names";
import type { VisitorName } from "../hooks/useVisitorLookup";
import { KioskButton } from "./KioskButton";
import classes from "./SignInForm.module.css";

/**
 * A returning visitor found by their number, asked about by first name and last initial (what the
 * sheet shows anyone) before anything of theirs is filled in: a mistyped number is someone else's.
 */
export function IsThisYou({
  found,
  onYes,
  onNo,
}: {
  found: VisitorName;
  onYes: () => void;
  onNo: () => void;
}) {
  const { t } = useKioskTranslation();
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      aria-describedby={`${id}-hint`}
      className={classes.isThisYou}
    >
      <p id={id} className={classes.isThisYouQuestion}>
        {t("form.isThisYou", { name: nameWithLastInitial(found.FirstName, found.LastName) })}
      </p>
      <p id={`${id}-hint`} className={classes.help}>
        {t("form.isThisYouHint")}
      </p>
      <div className={classes.row}>
        <KioskButton onClick={onYes}>{t("form.itsMe")}</KioskButton>
        <KioskButton variant="default" onClick={onNo}>
          {t("form.notMe")}
        </KioskButton>
      </div>
    </div>
  );
}
