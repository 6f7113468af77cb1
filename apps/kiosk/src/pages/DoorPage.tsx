import { useSuspenseQuery } from "@tanstack/react-query";
import { useKioskTranslation } from "@vsi/i18n";
import { httpStatusOf } from "@vsi/web-common/api-errors";
import { formatLocalTime } from "@vsi/web-common/time";
import { useCallback, useEffect, useState } from "react";
import { KioskAlert } from "../components/KioskAlert";
import { KioskButton } from "../components/KioskButton";
import { SheetLayout } from "../components/SheetLayout";
import { SignInForm, type SignInPayload } from "../components/SignInForm";
import { doorApi } from "../lib/kioskApi";
import type { Door, DoorVisit } from "../lib/types";
import { useAddress } from "./address";
import classes from "./SignInPage.module.css";

/** The card runs to its bottom edge for the form's sticky bar; the visit's card ends with room. */
const cardEnd = { paddingBottom: "var(--k-spacing-lg)" } as const;

/** The phone keeps its visit at this door by the visit's secret, never a login. */
const tokenKey = (code: string) => `vsi.door.${code}`;
const readToken = (code: string) => window.localStorage.getItem(tokenKey(code));

/**
 * /d/<code>: a visitor's own phone at the door's poster. One person: the program, the same form
 * and questions as a tablet's, then their visit with Sign out; later, whether they are still in.
 */
export function DoorPage() {
  const code = decodeURIComponent(useAddress().pathname.split("/")[2] ?? "");
  const door = useSuspenseQuery({
    queryKey: ["door", code],
    queryFn: () =>
      doorApi.door(code).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      ),
  }).data;
  if ("error" in door) return <DoorClosed error={door.error} />;
  return <OpenDoor code={code} door={door.answer} />;
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
    <SheetLayout location={{ Name: "", Address: "", LogoUrl: null }} ownDevice>
      <section className={classes.card}>
        <KioskAlert tone="danger">
          <p>{message}</p>
        </KioskAlert>
      </section>
    </SheetLayout>
  );
}

function OpenDoor({ code, door }: { code: string; door: Door }) {
  const { t } = useKioskTranslation();
  const [token, setToken] = useState(() => readToken(code));
  const [visit, setVisit] = useState<DoorVisit | null>(null);
  const online = useOnline();

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

  const lookup = useCallback((phoneNumber: string) => doorApi.lookUp(code, phoneNumber), [code]);

  async function submit(payload: SignInPayload) {
    const { visitToken, ...made } = await doorApi.signIn(code, payload);
    window.localStorage.setItem(tokenKey(code), visitToken);
    setVisit(made);
    setToken(visitToken);
  }

  function again() {
    window.localStorage.removeItem(tokenKey(code));
    setVisit(null);
    setToken(null);
  }

  return (
    <SheetLayout location={door.location} ownDevice>
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
            />
          </>
        )}
      </section>
    </SheetLayout>
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
  const { t } = useKioskTranslation();
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
      <p>{t("door.signedInProgram", { program: visit.Program.Name })}</p>
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
