import { useKioskTranslation } from "@vsi/i18n";
import { kioskQueue, useKioskQueue } from "../lib/kioskQueue";
import { waitingEntries } from "../lib/offlineQueue";
import { nameWithLastInitial } from "../lib/names";
import classes from "./OfflineBanner.module.css";

/**
 * Nothing about offline is silent: a band under the sheet's header says when the tablet cannot
 * reach the server, how many sign-ins and sign-outs wait on it, and which ones the server refused.
 */
export function OfflineBanner() {
  const { t } = useKioskTranslation();
  const { entries, offline, revoked } = useKioskQueue();
  const waiting = waitingEntries(entries).length;
  const refused = entries.filter((entry) => entry.refused);
  const state = revoked
    ? "revoked"
    : offline
      ? "offline"
      : waiting > 0
        ? "sending"
        : refused.length > 0
          ? "refused"
          : null;
  if (!state) return null;
  return (
    <div className={classes.banner} data-state={state} role="status">
      {state === "revoked" ? (
        <span>{t("offline.revoked", { count: waiting })}</span>
      ) : state === "offline" ? (
        <>
          <span className={classes.title}>{t("offline.title")}</span>
          <span>{t("offline.saving")} </span>
          <span>{t("offline.waiting", { count: waiting })}</span>
        </>
      ) : waiting > 0 ? (
        <span>{t("offline.sending", { count: waiting })}</span>
      ) : null}
      {refused.length > 0 ? (
        <>
          <div>{t("offline.refused", { count: refused.length })}</div>
          <ul className={classes.refused}>
            {refused.map((entry) => {
              const name = entry.kind === "in" ? entry.fields : entry;
              return (
                <li key={entry.key}>
                  {t(entry.kind === "in" ? "offline.refusedIn" : "offline.refusedOut", {
                    name: nameWithLastInitial(name.FirstName, name.LastName),
                  })}
                  : {entry.refused}
                  <button
                    type="button"
                    className={classes.dismiss}
                    onClick={() => void kioskQueue.dismiss(entry.key)}
                  >
                    {t("offline.dismiss")}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
