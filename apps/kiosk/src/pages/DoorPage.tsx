import { useKioskTranslation } from "@vsi/i18n";
import { programName } from "@vsi/i18n/languages";
import { httpStatusOf } from "@vsi/web-common/api-errors";
import { formatLocalTime } from "@vsi/web-common/time";
import { useCallback, useEffect, useRef, useState } from "react";
import { KioskAlert } from "../components/KioskAlert";
import { KioskButton } from "../components/KioskButton";
import { PageFrame } from "../components/PageFrame";
import { SignInForm } from "../components/SignInForm";
import { rememberDoorLanguage } from "../lib/doorLanguage";
import { doorApi, type SignInPayload } from "../lib/kioskApi";
import { useDoorLine } from "../lib/doorLine";
import { lineName } from "../lib/lineNumber";
import type { Door, DoorVisit } from "../lib/types";
import { KioskPending } from "./KioskStates";
import classes from "./SignInPage.module.css";

/** The card runs to its bottom edge for the form's sticky bar; the visit's card ends with room. */
const cardEnd = { paddingBottom: "var(--k-spacing-lg)" } as const;

/** The phone keeps its visit at this door by the visit's secret, never a login. */
const tokenKey = (code: string) => `vsi.door.${code}`;
const readToken = (code: string) => window.localStorage.getItem(tokenKey(code));
/**
 * The secret of the latest visit that proved this phone's number (its answer said `proves`),
 * kept after that visit ends and across posters: shown at the next lookup and sign-in, it proves
 * the phone is that number's visitor. Without it the door fills nothing in.
 */
const proofKey = "vsi.door.proof";
const readProof = () => window.localStorage.getItem(proofKey);

/** The door's code in its address, /d/<code>. */
export const doorCodeAt = (pathname: string) => decodeURIComponent(pathname.split("/")[2] ?? "");

/**
 * /d/<code>: a visitor's own phone at the door's poster (its own entry, door.tsx: none of the
 * tablet's sheet, queue or service worker). One person: the program, the same form and questions
 * as a tablet's, then their visit with Sign out; later, whether they are still in.
 */
export function DoorPage({ code }: { code: string }) {
  const [door, setDoor] = useState<{ answer: Door } | { error: unknown } | null>(null);
  useEffect(() => {
    let current = true;
    doorApi.door(code).then(
      (answer) => current && setDoor({ answer }),
      (error: unknown) => current && setDoor({ error }),
    );
    return () => {
      current = false;
    };
  }, [code]);
  useRememberedLanguage();
  if (!door) return <KioskPending />;
  if ("error" in door) return <DoorClosed error={door.error} />;
  return <OpenDoor code={code} door={door.answer} />;
}

/** Every language the visitor switches to, kept on their phone for the next load. */
function useRememberedLanguage() {
  const { language } = useKioskTranslation();
  const shown = useRef(language);
  useEffect(() => {
    if (language === shown.current) return;
    shown.current = language;
    rememberDoorLanguage(language);
  }, [language]);
}

function DoorClosed({ error }: { error: unknown }) {
  const { t } = useKioskTranslation();
  const status = httpStatusOf(error);
  const message =
    status === 410
      ? t("door.outOfDate")
      : status === 404 || status === 422
        ? t("door.unknown")
        : status === 403
          ? t("door.closed")
          : t("door.failed");
  return (
    <PageFrame location={{ Name: "", Address: "", LogoUrl: null }}>
      <section className={classes.card}>
        <KioskAlert tone="danger">
          <p>{message}</p>
        </KioskAlert>
      </section>
    </PageFrame>
  );
}

function OpenDoor({ code, door }: { code: string; door: Door }) {
  const { t } = useKioskTranslation();
  const [token, setToken] = useState(() => readToken(code));
  const [visit, setVisit] = useState<DoorVisit | null>(null);
  const online = useOnline();
  const offlineSaid = t("door.offline");

  // A visit this phone signed in before: read it again (staff may have signed it out since).
  useEffect(() => {
    if (!token) return;
    let current = true;
    doorApi.visit(token).then(
      (read) => current && setVisit(read),
      (error: unknown) => {
        if (current && httpStatusOf(error) === 404) {
          window.localStorage.removeItem(tokenKey(code));
          setToken(null);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [code, token]);

  // In the line: read the visit again whenever the line moves, so "your turn" comes at once.
  useDoorLine(token, visit, setVisit);

  // Only a phone with proof looks its visitor up: without, the door would learn nothing to fill in.
  const lookup = useCallback(
    async (phoneNumber: string) => {
      const proof = readProof();
      if (!proof) throw new Error("No proof on this phone");
      const found = await doorApi.lookUp(code, phoneNumber, proof);
      if (!found.Proven) throw new Error("Not this phone's visitor");
      return found;
    },
    [code],
  );

  async function submit(payload: SignInPayload) {
    const proof = readProof();
    const { visitToken, proves, ...made } = await doorApi.signIn(code, {
      ...payload,
      ...(proof ? { proof } : {}),
    });
    window.localStorage.setItem(tokenKey(code), visitToken);
    if (proves) window.localStorage.setItem(proofKey, visitToken);
    setVisit(made);
    setToken(visitToken);
  }

  function again() {
    window.localStorage.removeItem(tokenKey(code));
    setVisit(null);
    setToken(null);
  }

  return (
    <PageFrame location={door.location}>
      {online ? null : (
        <div className={classes.card} data-door-offline>
          <KioskAlert tone="danger">
            <p>{t("door.offline")}</p>
          </KioskAlert>
        </div>
      )}
      <section className={classes.card}>
        {token && visit ? (
          <DoorVisitCard
            token={token}
            visit={visit}
            timeZone={door.location.TimeZone}
            onChange={setVisit}
            onAgain={again}
          />
        ) : token ? null : (
          <>
            <h2 className={classes.title}>{t("door.title")}</h2>
            <SignInForm
              locationId={door.location.id}
              programs={door.programs}
              defaultProgramId={door.programs.length === 1 ? door.programs[0]?.id : undefined}
              temperatureUnit={door.location.TemperatureUnit}
              asksTemperature={door.location.AsksTemperature}
              questions={door.questions}
              onSubmit={submit}
              onCancel={() => window.history.back()}
              lookup={lookup}
              ownDevice
              failedMessage={online ? undefined : offlineSaid}
            />
          </>
        )}
      </section>
    </PageFrame>
  );
}

function DoorVisitCard({
  token,
  visit,
  timeZone,
  onChange,
  onAgain,
}: {
  token: string;
  visit: DoorVisit;
  timeZone: string;
  onChange: (visit: DoorVisit) => void;
  onAgain: () => void;
}) {
  const { t, language } = useKioskTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const location = visit.Location.Name;

  async function signOut() {
    setBusy(true);
    setFailed(false);
    try {
      onChange(await doorApi.signOut(token));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (visit.TimeOut) {
    const time = formatLocalTime(visit.TimeOut, timeZone);
    const said =
      visit.SignedOutBy === "staff"
        ? t("door.signedOutStaff", { location, time })
        : visit.SignedOutBy === "auto"
          ? t("door.signedOutAuto", { location, time })
          : t("door.signedOutSelf", { location, time });
    return (
      <div data-door-visit="out" style={cardEnd}>
        <h2 className={classes.title}>{said}</h2>
        <KioskButton variant="default" fullWidth onClick={onAgain}>
          {t("door.again")}
        </KioskButton>
      </div>
    );
  }
  return (
    <div data-door-visit="in" style={cardEnd}>
      <h2 className={classes.title}>
        {t("door.signedIn", { location, time: formatLocalTime(visit.TimeIn, timeZone) })}
      </h2>
      <p>{t("door.signedInProgram", { program: programName(visit.Program, language) })}</p>
      {visit.QueueNumber !== null ? <DoorLine visit={visit} /> : null}
      {failed ? (
        <KioskAlert tone="danger">
          <p>{t("door.failed")}</p>
        </KioskAlert>
      ) : null}
      <KioskButton fullWidth disabled={busy} onClick={() => void signOut()}>
        {busy ? t("door.signingOut") : t("door.signOut")}
      </KioskButton>
    </div>
  );
}

/** The visitor's place in the line: their number, how many are ahead, or their turn and desk. */
function DoorLine({ visit }: { visit: DoorVisit }) {
  const { t, language } = useKioskTranslation();
  const named = lineName(t, language, {
    number: visit.QueueNumber ?? 0,
    // A line of its own is the visit's program's.
    line: visit.QueueLine === null ? null : visit.Program,
    severalLines: visit.SeveralLines,
  });
  return (
    <div className={classes.line} data-door-line>
      {named ? (
        <p className={classes.lineName} data-door-line-name>
          {named}
        </p>
      ) : null}
      <p className={classes.lineNumber}>
        {t("door.yourNumber", { number: visit.QueueNumber ?? "" })}
      </p>
      {visit.CalledTo !== null ? (
        <p className={classes.yourTurn} role="alert" data-door-turn>
          {t("door.yourTurn", { desk: visit.CalledTo })}
        </p>
      ) : visit.PlacesAhead !== null ? (
        <p role="status">{t("door.placesAhead", { count: visit.PlacesAhead })}</p>
      ) : null}
    </div>
  );
}

/** Whether the phone has a network, as the browser says (it changes as the visitor walks in). */
function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}
