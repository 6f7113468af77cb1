import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import {
  answerErrorsOf,
  fieldErrorsOf,
  httpStatusOf,
  openVisitOf,
} from "@vsi/web-common/api-errors";
import { moveFocusOnEnter } from "../lib/focusNextField";
import { useKioskTranslation } from "@vsi/i18n";
import { programName } from "@vsi/i18n/languages";
import { formatPhoneInput, phoneDigits } from "@vsi/web-common/phone";
import {
  invalidSignInFields,
  signInProblems,
  type SignInField,
  type SignInValues,
} from "../lib/signInRules";
import type { SignInPayload } from "../lib/kioskApi";
import {
  isPlausibleTemperature,
  temperatureUnitLabel,
  type TemperatureUnit,
} from "@vsi/api/schemas";
import {
  answeredMonth,
  askedBy,
  checkDrafts,
  sayAnswerMessage,
  withRemembered,
  type Draft,
  type Drafts,
} from "../lib/answerDrafts";
import type { ServerMessage } from "@vsi/web-common/field-errors";
import type { Question } from "../lib/types";
import { QuestionFields } from "./QuestionFields";
import { formatLocalTime } from "@vsi/web-common/time";
import { KioskAlert } from "./KioskAlert";
import { KioskButton } from "./KioskButton";
import { DialogActions, KioskDialog } from "./KioskDialog";
import { KioskField } from "./KioskField";
import { IsThisYou } from "./IsThisYou";
import {
  PartyPicker,
  partyFields,
  startingParty,
  type Party,
  type PartyMember,
} from "./PartyPicker";
import { SignaturePad, noSignature, signatureFields, type SignatureValue } from "./SignaturePad";
import classes from "./SignInForm.module.css";
import { useVisitorLookup, type VisitorName } from "../hooks/useVisitorLookup";

/** The visit a 409 named: this phone is signed in here already. */
export interface OpenVisit {
  id: number;
  TimeIn: string;
}

interface Props {
  locationId: number;
  programs: ReadonlyArray<{
    id: number;
    Name: string;
    NameEs?: string | null;
    SignsInHousehold?: boolean;
    AsksSignature?: boolean;
  }>;
  defaultProgramId: number | undefined;
  temperatureUnit?: TemperatureUnit;
  /** Whether the location asks visitors' temperatures (its AsksTemperature). */
  asksTemperature?: boolean;
  /** The location's intake questions; the form asks those of the chosen program. */
  questions?: readonly Question[];
  /** The server says the questions changed: read them again (the form then asks the new ones). */
  onQuestionsChanged?: () => Promise<unknown>;
  /** Sends the visit; rejects when it failed. */
  onSubmit: (payload: SignInPayload) => Promise<unknown>;
  onCancel: () => void;
  /** The visitor, already signed in, chose to sign out instead. */
  onSignOutInstead?: (visit: OpenVisit, firstName: string) => Promise<unknown>;
  lookup: (digits: string) => Promise<VisitorName>;
  /** A visitor's own phone (the door): its browser may fill in what it remembers. */
  ownDevice?: boolean;
  /** What a send that got no answer says instead of "try again" (the door's phone: it is offline). */
  failedMessage?: string;
}

/** The visitor's sign-in form, built for a tablet's on-screen keyboard. */
/** Names: capitalised as typed words, never autocorrected or remembered on a shared tablet. */
const nameInputProps = {
  autoComplete: "off",
  autoCapitalize: "words",
  autoCorrect: "off",
  spellCheck: false,
} as const;

// The last field's Enter key says "done": the keyboard can close and the visitor checks the program.
const nameFields = [
  { field: "FirstName", label: "form.firstName", enterKeyHint: "next" },
  { field: "LastName", label: "form.lastName", enterKeyHint: "done" },
] as const;

export function SignInForm({
  locationId,
  programs,
  defaultProgramId,
  temperatureUnit = "F",
  asksTemperature = true,
  questions = noQuestions,
  onQuestionsChanged,
  onSubmit,
  onCancel,
  onSignOutInstead,
  lookup,
  ownDevice = false,
  failedMessage,
}: Props) {
  const { t, i18n } = useKioskTranslation();
  const unitLabel = temperatureUnitLabel(temperatureUnit);
  const [values, setValues] = useState<SignInValues>({
    PhoneNumber: "",
    Temperature: "",
    FirstName: "",
    LastName: "",
    ProgramId: programs.some((program) => program.id === defaultProgramId)
      ? (defaultProgramId ?? null)
      : null,
  });
  // Red markers appear only after a first attempt to submit an invalid form.
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The server's reason when it refused the sign-in (a 4xx): shown, since nothing was saved.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [alreadyIn, setAlreadyIn] = useState<OpenVisit | null>(null);
  // A returning visitor found by the number typed: asked about before anything is filled in.
  const [found, setFound] = useState<VisitorName | null>(null);
  const [drafts, setDrafts] = useState<Drafts>({});
  // The server's word on an answer (a 422 at Answers.<id>), until that field changes.
  const [answerRefusals, setAnswerRefusals] = useState<Record<string, ServerMessage>>({});
  // The remembered answers filled in, by question id, with when each was given.
  const [remembered, setRemembered] = useState<Record<string, string>>({});
  const [questionsChanged, setQuestionsChanged] = useState(false);
  // The visitor's household's members, once they said the number is theirs; and who came.
  const [household, setHousehold] = useState<PartyMember[] | null>(null);
  const [party, setParty] = useState<Party>(() => startingParty(null));
  const [signature, setSignature] = useState<SignatureValue>(noSignature);
  const formRef = useRef<HTMLFormElement>(null);
  // A lookup answers later: it fills in the fields as they are then.
  const latest = useRef({ drafts, remembered });
  useEffect(() => {
    latest.current = { drafts, remembered };
  }, [drafts, remembered]);
  // An unusual temperature is asked about once; the answer holds for that exact value.
  const [checkingTemperature, setCheckingTemperature] = useState(false);
  const confirmedTemperature = useRef<string | null>(null);
  const temperatureField = useRef<HTMLInputElement>(null);
  const programGroup = useId();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const prefill = useCallback(
    (name: VisitorName) => {
      setValues((previous) => ({
        ...previous,
        FirstName: name.FirstName,
        LastName: name.LastName,
      }));
      const members = name.Household?.Members ?? null;
      setHousehold(members);
      setParty(startingParty(members));
      // What an earlier lookup filled in (another number typed first) gives way to this one's.
      const current: Record<string, Draft> = { ...latest.current.drafts };
      for (const id of Object.keys(latest.current.remembered)) delete current[id];
      const { drafts: next, filled } = withRemembered(questions, current, name.Answers ?? {});
      const answeredAt = name.AnsweredAt ?? {};
      setDrafts(next);
      setRemembered(
        Object.fromEntries(filled.flatMap((id) => (answeredAt[id] ? [[id, answeredAt[id]]] : []))),
      );
    },
    [questions],
  );
  const { looking, phoneChanged } = useVisitorLookup(lookup, setFound);

  const problems = signInProblems(values, locationId, asksTemperature);
  const invalid = invalidSignInFields(values, locationId, asksTemperature);
  const asked = useMemo(() => askedBy(questions, values.ProgramId), [questions, values.ProgramId]);
  const answerCheck = checkDrafts(asked, drafts);
  const answerErrorFor = (questionId: string) => {
    const message =
      answerRefusals[questionId] ?? (attempted ? answerCheck.errors[questionId] : undefined);
    return message === undefined ? undefined : sayAnswerMessage(message, t, i18n.language);
  };
  const rememberedMonth = answeredMonth(
    asked.flatMap((question) => remembered[question.id] ?? []),
    i18n.language,
    new Date(),
  );
  function changeAnswer(questionId: string, draft: Draft) {
    setDrafts((previous) => ({ ...previous, [questionId]: draft }));
    setAnswerRefusals(({ [questionId]: _, ...others }) => others);
  }
  /** What is wrong with the field, in the visitor's language, once they tried to send. */
  const errorFor = (field: SignInField) => {
    const problem = attempted ? problems[field] : undefined;
    if (!problem) return undefined;
    if (problem.kind === "tooLong") return t("form.tooLong", { max: problem.max });
    if (problem.kind === "characters") return t("form.nameCharacters");
    switch (field) {
      case "PhoneNumber":
        return t("form.phoneInvalid");
      case "Temperature":
        return t("form.temperatureInvalid", { example: temperatureUnit === "F" ? "98.6" : "37.0" });
      case "ProgramId":
        return t("form.programMissing");
      default:
        return problem.kind === "missing"
          ? t(field === "FirstName" ? "form.firstNameMissing" : "form.lastNameMissing")
          : t("form.checkField");
    }
  };
  const chosenProgram = programs.find((program) => program.id === values.ProgramId);
  // A program that asks for a signature: drawn, or the visitor said they would rather not.
  const signatureMissing =
    chosenProgram?.AsksSignature === true && !signature.signature && !signature.declined;
  // In the visitor's language, as the program's own button says it.
  const chosenProgramName = chosenProgram && programName(chosenProgram, i18n.language);
  const set =
    (field: Exclude<SignInField, "ProgramId">) => (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [field]: value }));
    };

  function changePhone(event: React.ChangeEvent<HTMLInputElement>) {
    const formatted = formatPhoneInput(event.currentTarget.value);
    setValues((previous) => ({ ...previous, PhoneNumber: formatted }));
    setAlreadyIn(null);
    setFound(null);
    // Another number: its household is not theirs (a count already given stays).
    if (household) {
      setHousehold(null);
      setParty(startingParty(null));
    }
    phoneChanged(phoneDigits(formatted));
  }

  async function send() {
    if (busy || values.ProgramId === null) return;
    const temperature = values.Temperature.trim();
    if (
      asksTemperature &&
      !isPlausibleTemperature(temperature, temperatureUnit) &&
      confirmedTemperature.current !== temperature
    ) {
      setCheckingTemperature(true);
      return;
    }
    setBusy(true);
    setFailed(false);
    setRefusal(null);
    setQuestionsChanged(false);
    try {
      await onSubmit({
        FirstName: values.FirstName.trim(),
        LastName: values.LastName.trim(),
        PhoneNumber: phoneDigits(values.PhoneNumber),
        ...(asksTemperature ? { Temperature: temperature } : {}),
        ProgramId: values.ProgramId,
        ...(asked.length > 0 ? { Answers: answerCheck.answers } : {}),
        ...(chosenProgram?.SignsInHousehold ? partyFields(party, household) : {}),
        ...(chosenProgram?.AsksSignature ? signatureFields(signature) : {}),
      });
    } catch (error) {
      // The visitor stays on the form: told they are in already, or asked to try again.
      const open = openVisitOf(error);
      const status = httpStatusOf(error);
      const refused = answerErrorsOf(error) ?? {};
      if (open) setAlreadyIn(open);
      else if (status === 409 || Object.keys(refused).length > 0) {
        // The form checked the answers with the server's own rule, so a refused answer (or a 409
        // naming no visit) means the questions changed since the tablet read them: read them
        // again, say the server's word by each field still asked, and ask the visitor anew.
        setAnswerRefusals(refused);
        setQuestionsChanged(true);
        await onQuestionsChanged?.();
      } else if (status !== undefined && status >= 400 && status < 500)
        setRefusal(refusalReason(error));
      else {
        console.error(error);
        setFailed(true);
      }
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (
      invalid.length > 0 ||
      values.ProgramId === null ||
      Object.keys(answerCheck.errors).length > 0 ||
      signatureMissing
    ) {
      flushSync(() => setAttempted(true));
      focusFirstInvalid(formRef.current);
      return;
    }
    void send();
  }

  async function signOutInstead(visit: OpenVisit) {
    if (!onSignOutInstead) return;
    setBusy(true);
    try {
      await onSignOutInstead(visit, values.FirstName.trim());
    } catch (error) {
      console.error(error);
      // The offer closes: the bar beside Submit says it did not go through.
      setAlreadyIn(null);
      setFailed(true);
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  const programError = errorFor("ProgramId");
  return (
    <form ref={formRef} onSubmit={submit} onKeyDown={moveFocusOnEnter} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className={classes.fields}>
        <div className={classes.grid}>
          <KioskField
            label={t("form.phone")}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            enterKeyHint="next"
            placeholder="415-555-1234"
            autoFocus
            value={values.PhoneNumber}
            onChange={changePhone}
            error={errorFor("PhoneNumber")}
            rightSection={
              looking ? (
                <span role="status" aria-label={t("form.lookingUp")} className="k-spinner" />
              ) : null
            }
          />
          {found ? (
            <IsThisYou
              found={found}
              onYes={() => {
                prefill(found);
                setFound(null);
              }}
              onNo={() => setFound(null)}
            />
          ) : null}
          {asksTemperature && (
            <KioskField
              ref={temperatureField}
              label={`${t("form.temperature")} (${unitLabel})`}
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="next"
              placeholder={temperatureUnit === "F" ? "98.6" : "37.0"}
              value={values.Temperature}
              onChange={set("Temperature")}
              error={errorFor("Temperature")}
              rightSection={
                <span className={classes.unit} aria-hidden="true">
                  {unitLabel}
                </span>
              }
            />
          )}
          {nameFields.map(({ field, label, enterKeyHint }) => (
            <KioskField
              key={field}
              {...nameInputProps}
              label={t(label)}
              enterKeyHint={enterKeyHint}
              value={values[field]}
              onChange={set(field)}
              error={errorFor(field)}
            />
          ))}
        </div>
        <fieldset
          role="radiogroup"
          className={classes.programs}
          aria-labelledby={`${programGroup}-legend`}
          aria-invalid={programError ? true : undefined}
          aria-describedby={programError ? `${programGroup}-error` : undefined}
        >
          <legend id={`${programGroup}-legend`} className={classes.legend}>
            {t("form.program")}
          </legend>
          <div className={classes.programGrid}>
            {programs.map((program) => (
              <label key={program.id} className={classes.program}>
                <input
                  type="radio"
                  name={programGroup}
                  value={program.id}
                  checked={values.ProgramId === program.id}
                  onChange={() => setValues((previous) => ({ ...previous, ProgramId: program.id }))}
                  className={classes.radio}
                />
                <span className={classes.programLabel}>{programName(program, i18n.language)}</span>
              </label>
            ))}
          </div>
          {programError ? (
            <p id={`${programGroup}-error`} className={classes.error}>
              {programError}
            </p>
          ) : null}
        </fieldset>
        {chosenProgram?.SignsInHousehold ? (
          <PartyPicker members={household} party={party} onChange={setParty} />
        ) : null}
        {asked.length > 0 ? (
          <section className={classes.questions} aria-labelledby={`${programGroup}-questions`}>
            <h3 id={`${programGroup}-questions`} className={classes.questionsTitle}>
              {t("form.questions")}
            </h3>
            {rememberedMonth ? (
              <KioskAlert tone="info" title={t("form.remembered", { month: rememberedMonth })}>
                <p>{t("form.rememberedHint")}</p>
              </KioskAlert>
            ) : null}
            {questionsChanged ? (
              <KioskAlert tone="info">
                <p>{t("form.questionsChanged")}</p>
              </KioskAlert>
            ) : null}
            <QuestionFields
              questions={asked}
              drafts={drafts}
              ownDevice={ownDevice}
              onChange={changeAnswer}
              errors={Object.fromEntries(
                asked.map((question) => [question.id, answerErrorFor(String(question.id))]),
              )}
            />
          </section>
        ) : null}
        {chosenProgram?.AsksSignature ? (
          <SignaturePad
            value={signature}
            onChange={setSignature}
            error={attempted && signatureMissing ? t("form.signature.missing") : undefined}
          />
        ) : null}
        <div className={classes.actions}>
          {failed ? (
            <div className={classes.barAlert}>
              <KioskAlert tone="danger">
                <p>{failedMessage ?? t("form.failed")}</p>
              </KioskAlert>
            </div>
          ) : null}
          {refusal !== null ? (
            <div className={classes.barAlert}>
              <KioskAlert tone="danger" title={t("form.refused")}>
                <p>{refusal}</p>
              </KioskAlert>
            </div>
          ) : null}
          <p className={classes.barNote} aria-live="polite">
            {chosenProgramName ? (
              <strong>{t("form.signingInTo", { program: chosenProgramName })}</strong>
            ) : (
              t("form.programMissing")
            )}
          </p>
          <KioskButton type="submit" size="xl" loading={busy}>
            {t("form.submit")}
          </KioskButton>
          <KioskButton variant="default" size="xl" onClick={onCancel}>
            {t("form.cancel")}
          </KioskButton>
        </div>
      </fieldset>
      <KioskDialog
        opened={alreadyIn !== null}
        onClose={() => setAlreadyIn(null)}
        title={
          alreadyIn
            ? t("form.alreadyIn", {
                time: formatLocalTime(alreadyIn.TimeIn, undefined, i18n.language),
              })
            : ""
        }
        closeLabel={t("close")}
      >
        <p>{t("form.alreadyInBody")}</p>
        <DialogActions>
          <KioskButton variant="default" onClick={onCancel}>
            {t("form.keepSignedIn")}
          </KioskButton>
          {onSignOutInstead && alreadyIn ? (
            <KioskButton
              variant="danger"
              loading={busy}
              onClick={() => void signOutInstead(alreadyIn)}
            >
              {t("form.signOutNow")}
            </KioskButton>
          ) : null}
        </DialogActions>
      </KioskDialog>
      <KioskDialog
        opened={checkingTemperature}
        onClose={() => setCheckingTemperature(false)}
        title={t("form.checkTitle", { value: values.Temperature.trim() })}
        closeLabel={t("close")}
      >
        <p>{t("form.checkBody", { value: values.Temperature.trim(), unit: unitLabel })}</p>
        <DialogActions>
          <KioskButton
            variant="default"
            onClick={() => {
              // Closed first: the page behind a modal dialog cannot take focus.
              flushSync(() => setCheckingTemperature(false));
              temperatureField.current?.focus();
            }}
          >
            {t("form.checkFix")}
          </KioskButton>
          <KioskButton
            onClick={() => {
              confirmedTemperature.current = values.Temperature.trim();
              setCheckingTemperature(false);
              void send();
            }}
          >
            {t("form.checkYes")}
          </KioskButton>
        </DialogActions>
      </KioskDialog>
    </form>
  );
}

const noQuestions: readonly Question[] = [];

/** After a refused attempt, the first field marked, so the visitor sees it (it may be below). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const field =
    marked instanceof HTMLInputElement
      ? marked
      : marked?.querySelector<HTMLElement>("input, [tabindex]");
  field?.focus();
}

/** The field's message of a 422, else the error's own message. */
function refusalReason(error: unknown): string {
  const fields = fieldErrorsOf(error);
  const first = fields ? Object.values(fields)[0] : undefined;
  return first ?? (error instanceof Error ? error.message : String(error));
}
