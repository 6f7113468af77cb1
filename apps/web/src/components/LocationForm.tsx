import {
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import {
  kioskTimingInputs,
  kioskTimingNames,
  kioskTimingRules,
  maxStayHours,
  queueModes,
  timeOfDay,
  type KioskTiming,
} from "@vsi/api/schemas";
import { useMemo, useState } from "react";
import { buildChecklist, checkedIds, type ChecklistItem } from "../lib/checklist";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useServerMessage } from "../hooks/useServerMessage";
import { showFirstFieldError } from "../lib/firstFieldError";
import type { TemperatureUnit } from "../lib/temperature";
import type { ProgramListItem } from "../lib/types";
import { SortableChecklist } from "./SortableChecklist";
import { FormButtons } from "./FormButtons";
import { PictureField } from "./PictureField";

type QueueMode = (typeof queueModes)[number];

export interface LocationFormValues {
  Name: string;
  Address: string;
  ProgramIds: number[];
  AsksTemperature: boolean;
  SelfSignIn: boolean;
  TemperatureUnit: TemperatureUnit;
  /** Left out: unchanged; null: removed; a string: the signed id of a new upload. */
  Logo?: string | null;
  TimeZone: string;
  AutoSignOutAt: string | null;
  MaxStayHours: number | null;
  Queue: QueueMode;
  LotteryAt: string | null;
  IdleResetSeconds: number;
  ConfirmationSeconds: number;
  SendTimeoutSeconds: number;
}

/** The fields a server's 422 is shown by; one about any other field is an unexpected error. */
export const locationFormFields = [
  "Name",
  "Address",
  "TimeZone",
  "AutoSignOutAt",
  "MaxStayHours",
  "Queue",
  "LotteryAt",
  "Logo",
  ...kioskTimingNames,
] as const;

interface Props {
  initial: {
    Name: string;
    Address: string;
    Programs: ReadonlyArray<{ id: number }>;
    /** A new location asks, as every location did before the switch. */
    AsksTemperature?: boolean;
    /** A new location's door is closed until staff open it. */
    SelfSignIn?: boolean;
    TemperatureUnit: TemperatureUnit;
    LogoUrl: string | null;
    /** A new location has none yet: the browser's zone is offered. */
    TimeZone?: string;
    AutoSignOutAt?: string | null;
    MaxStayHours?: number | null;
    Queue?: QueueMode;
    LotteryAt?: string | null;
  } & Partial<Record<KioskTiming, number>>;
  programs: ProgramListItem[];
  saving: boolean;
  /** A 422's messages by field (useServerErrors). */
  errors?: Partial<Record<string, string>>;
  onSubmit: (values: LocationFormValues) => void;
  onCancel: () => void;
}

/** Each kiosk timing's label and hint in the catalogues. */
const timingWords: Record<KioskTiming, { label: string; hint: string }> = {
  IdleResetSeconds: { label: "location.idleResetSeconds", hint: "location.idleResetSecondsHint" },
  ConfirmationSeconds: {
    label: "location.confirmationSeconds",
    hint: "location.confirmationSecondsHint",
  },
  SendTimeoutSeconds: {
    label: "location.sendTimeoutSeconds",
    hint: "location.sendTimeoutSecondsHint",
  },
};

/** The zone this browser is in: a new location is most likely where its coordinator sits. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The first message of a shared schema's verdict, or nothing when the value passes. */
function schemaError(
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** Name, Address, the time zone and automatic sign-out, the thermometers' unit, the sheet's logo, how long its kiosk waits, and the programs as the sheet's tabs. */
export function LocationForm({
  initial,
  programs,
  saving,
  errors = {},
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useStaffTranslation();
  const said = useServerMessage();
  const problem = (...args: Parameters<typeof schemaError>) => {
    const message = schemaError(...args);
    return message === undefined ? undefined : said(message);
  };
  const [name, setName] = useState(initial.Name);
  const [address, setAddress] = useState(initial.Address);
  const [asksTemperature, setAsksTemperature] = useState(initial.AsksTemperature ?? false);
  const [selfSignIn, setSelfSignIn] = useState(initial.SelfSignIn ?? false);
  const [unit, setUnit] = useState<TemperatureUnit>(initial.TemperatureUnit);
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [zone, setZone] = useState(initial.TimeZone ?? browserTimeZone());
  const [autoAt, setAutoAt] = useState(initial.AutoSignOutAt ?? "");
  const [maxStay, setMaxStay] = useState<number | string>(initial.MaxStayHours ?? "");
  const [queue, setQueue] = useState<QueueMode>(initial.Queue ?? "off");
  const [lotteryAt, setLotteryAt] = useState(initial.LotteryAt ?? "");
  const lotteryAtError = lotteryAt === "" ? undefined : problem(timeOfDay, lotteryAt);
  const zones = useMemo(() => {
    const all = ["UTC", ...Intl.supportedValuesOf("timeZone")];
    return all.includes(zone) ? all : [zone, ...all];
  }, [zone]);
  const autoAtError = autoAt === "" ? undefined : problem(timeOfDay, autoAt);
  const maxStayError = maxStay === "" ? undefined : problem(maxStayHours, Number(maxStay));
  const [timings, setTimings] = useState<Record<KioskTiming, number | string>>(
    () =>
      Object.fromEntries(
        kioskTimingNames.map((timing) => [
          timing,
          initial[timing] ?? kioskTimingRules[timing].default,
        ]),
      ) as Record<KioskTiming, number | string>,
  );
  // The bounds in the staff's words; the server's 422 on these fields can only be the same rule.
  const timingError = (timing: KioskTiming) => {
    const value = timings[timing];
    const { min, max } = kioskTimingRules[timing];
    return schemaError(kioskTimingInputs[timing], value === "" ? undefined : Number(value))
      ? t("location.wholeSeconds", { min, max })
      : errors[timing];
  };
  const [checklist, setChecklist] = useState<ChecklistItem[]>(() =>
    buildChecklist(programs, initial.Programs),
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (autoAtError || maxStayError || lotteryAtError || kioskTimingNames.some(timingError)) {
          showFirstFieldError();
          return;
        }
        if (uploading) return;
        onSubmit({
          Name: name,
          Address: address,
          ProgramIds: checkedIds(checklist),
          AsksTemperature: asksTemperature,
          SelfSignIn: selfSignIn,
          TemperatureUnit: unit,
          ...(logo === undefined ? {} : { Logo: logo }),
          TimeZone: zone,
          AutoSignOutAt: autoAt === "" ? null : autoAt,
          MaxStayHours: maxStay === "" ? null : Number(maxStay),
          Queue: queue,
          LotteryAt: queue === "lottery" && lotteryAt !== "" ? lotteryAt : null,
          IdleResetSeconds: Number(timings.IdleResetSeconds),
          ConfirmationSeconds: Number(timings.ConfirmationSeconds),
          SendTimeoutSeconds: Number(timings.SendTimeoutSeconds),
        });
      }}
    >
      <Stack>
        <TextInput
          label={t("common.name")}
          value={name}
          error={errors.Name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t("locations.address")}
          value={address}
          error={errors.Address}
          onChange={(event) => setAddress(event.currentTarget.value)}
        />
        <Switch
          label={t("location.selfSignIn")}
          description={t("location.selfSignInHint")}
          checked={selfSignIn}
          onChange={(event) => setSelfSignIn(event.currentTarget.checked)}
        />
        <Switch
          label={t("location.asksTemperature")}
          description={t("location.asksTemperatureHint")}
          checked={asksTemperature}
          onChange={(event) => setAsksTemperature(event.currentTarget.checked)}
        />
        {asksTemperature ? (
          <Radio.Group
            label={t("location.temperatureUnit")}
            description={t("location.temperatureUnitHint")}
            value={unit}
            onChange={(value) => setUnit(value === "C" ? "C" : "F")}
          >
            <Group mt="xs">
              <Radio value="F" label={t("location.fahrenheit")} />
              <Radio value="C" label={t("location.celsius")} />
            </Group>
          </Radio.Group>
        ) : null}
        <Select
          label={t("location.timeZone")}
          description={t("location.timeZoneHint")}
          data={zones}
          value={zone}
          searchable
          allowDeselect={false}
          error={errors.TimeZone}
          onChange={(value) => value && setZone(value)}
        />
        <TextInput
          type="time"
          label={t("location.autoSignOutAt")}
          description={t("location.autoSignOutAtHint")}
          value={autoAt}
          error={autoAtError ?? errors.AutoSignOutAt}
          onChange={(event) => setAutoAt(event.currentTarget.value)}
        />
        <NumberInput
          label={t("location.maxStayHours")}
          description={t("location.maxStayHoursHint")}
          value={maxStay}
          min={0}
          max={168}
          decimalScale={2}
          error={maxStayError ?? errors.MaxStayHours}
          onChange={setMaxStay}
        />
        <Select
          label={t("queue.mode")}
          data={queueModes.map((mode) => ({
            value: mode,
            label: t(`queue.mode${mode[0]!.toUpperCase()}${mode.slice(1)}`),
          }))}
          value={queue}
          allowDeselect={false}
          error={errors.Queue}
          onChange={(value) => setQueue(queueModes.find((mode) => mode === value) ?? "off")}
        />
        {queue === "lottery" ? (
          <TextInput
            type="time"
            label={t("queue.lotteryAt")}
            description={t("queue.lotteryAtHint")}
            value={lotteryAt}
            error={lotteryAtError ?? errors.LotteryAt}
            onChange={(event) => setLotteryAt(event.currentTarget.value)}
          />
        ) : null}
        <PictureField
          label={t("location.logo")}
          previewAlt={t("location.logoAlt")}
          description={t("location.logoHint")}
          currentUrl={initial.LogoUrl}
          onChange={setLogo}
          onUploadingChange={setUploading}
        />
        {errors.Logo ? (
          <Text c="red" size="sm" role="alert" data-field-error>
            {errors.Logo}
          </Text>
        ) : null}
        <Fieldset legend={t("location.kioskTimings")}>
          <Stack>
            {kioskTimingNames.map((timing) => (
              <NumberInput
                key={timing}
                label={t(timingWords[timing].label)}
                description={t(timingWords[timing].hint)}
                value={timings[timing]}
                min={kioskTimingRules[timing].min}
                max={kioskTimingRules[timing].max}
                // Out of bounds is said by the field, never corrected behind the admin's back.
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                error={timingError(timing)}
                onChange={(value) => setTimings((current) => ({ ...current, [timing]: value }))}
              />
            ))}
          </Stack>
        </Fieldset>
        <SortableChecklist label={t("nav.programs")} items={checklist} onChange={setChecklist} />
        <FormButtons saving={saving || uploading} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
