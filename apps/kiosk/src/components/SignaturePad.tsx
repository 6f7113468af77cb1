import { useId, useRef } from "react";
import { useKioskTranslation } from "@vsi/i18n";
import { KioskButton } from "./KioskButton";
import classes from "./SignaturePad.module.css";

/** What the visitor gave: a drawn signature (a PNG's data: URL), that they would rather not sign, or neither yet. */
export interface SignatureValue {
  signature: string | null;
  declined: boolean;
}
export const noSignature: SignatureValue = { signature: null, declined: false };

/** The sign-in's fields for a program that asks for a signature. */
export const signatureFields = (value: SignatureValue) =>
  value.signature
    ? { Signature: value.signature }
    : value.declined
      ? { SignatureDeclined: true as const }
      : {};

// The stroke as a pen on paper: dark, a finger's width on a tablet, rounded joins.
const ink = "#111";
const strokeWidth = 2.5;

/**
 * A box to sign in with a finger (pointer events on a canvas, a stylus and a mouse too), exported
 * as a PNG after each stroke, with Clear and "I'd rather not sign". Written here rather than taken
 * from a library: it is these sixty lines, where a library would add its weight to the door's and
 * the tablet's first download for features (undo, Bézier velocity) a sign sheet does not need.
 */
export function SignaturePad({
  value,
  onChange,
  error,
}: {
  value: SignatureValue;
  onChange: (value: SignatureValue) => void;
  error?: string | undefined;
}) {
  const { t } = useKioskTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  // Whether the canvas is sized for drawing: at the first stroke after it shows or is cleared, so
  // a box resized meanwhile (a tablet turned) is measured as it is.
  const ready = useRef(false);

  /** The canvas at the box's size and the screen's density (at most 2×: sharper only weighs more). */
  const prepare = (canvas: HTMLCanvasElement) => {
    const scale = Math.min(2, window.devicePixelRatio || 1);
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext("2d");
    if (!context) return;
    context.scale(scale, scale);
    context.lineCap = "round";
    context.lineJoin = "round";
    context.lineWidth = strokeWidth;
    context.strokeStyle = ink;
    ready.current = true;
  };

  const pointAt = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const lineTo = (to: { x: number; y: number }) => {
    const context = canvasRef.current?.getContext("2d");
    const from = last.current;
    if (!context || !from) return;
    context.beginPath();
    context.moveTo(from.x, from.y);
    // A dot for a tap: a line of no length draws nothing with round caps in some browsers.
    context.lineTo(to.x + (to.x === from.x && to.y === from.y ? 0.01 : 0), to.y);
    context.stroke();
    last.current = to;
  };
  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!ready.current) prepare(event.currentTarget);
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = pointAt(event);
    lineTo(pointAt(event));
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    // Every point the screen sent since the last frame, so a quick stroke stays smooth.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    const box = event.currentTarget.getBoundingClientRect();
    for (const point of events) lineTo({ x: point.clientX - box.left, y: point.clientY - box.top });
  };
  const end = () => {
    if (!last.current) return;
    last.current = null;
    const canvas = canvasRef.current;
    if (canvas) onChange({ signature: canvas.toDataURL("image/png"), declined: false });
  };
  /** Empties the box: resizing a canvas clears it; the next stroke measures it again. */
  const clear = () => {
    const canvas = canvasRef.current;
    if (!canvas || !ready.current) return;
    canvas.width = 0;
    ready.current = false;
  };

  return (
    <fieldset
      className={classes.pad}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      aria-invalid={error ? true : undefined}
      data-signature-pad
    >
      <legend className={classes.legend}>{t("form.signature.title")}</legend>
      <p id={`${id}-hint`} className={classes.hint}>
        {t("form.signature.hint")}
      </p>
      <canvas
        ref={canvasRef}
        className={classes.canvas}
        data-invalid={error ? true : undefined}
        data-declined={value.declined || undefined}
        role="img"
        aria-label={t(value.signature ? "form.signature.signed" : "form.signature.box")}
        tabIndex={0}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      {value.declined ? (
        <p className={classes.declined} role="status">
          {t("form.signature.declined")}
        </p>
      ) : null}
      <div className={classes.actions}>
        <KioskButton
          variant="default"
          onClick={() => {
            clear();
            onChange(noSignature);
          }}
        >
          {t("form.signature.clear")}
        </KioskButton>
        <KioskButton
          variant="default"
          aria-pressed={value.declined}
          onClick={() => {
            clear();
            onChange({ signature: null, declined: !value.declined });
          }}
        >
          {t("form.signature.decline")}
        </KioskButton>
      </div>
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
