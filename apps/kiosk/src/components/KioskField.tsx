import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import classes from "./KioskField.module.css";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "size"> {
  label: string;
  /** A hint under the label, read with the field. */
  description?: string;
  /** Shown under the field; marks it invalid for assistive technology too. */
  error?: string;
  /** Drawn inside the field's end (a unit, a spinner). */
  rightSection?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled kiosk text field, large for a finger, its hint and error tied to it by id. */
export function KioskField({
  label,
  description,
  error,
  rightSection,
  className,
  ...input
}: Props) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`${classes.field} ${className ?? ""}`}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className={classes.description}>
          {description}
        </p>
      ) : null}
      <div className={classes.control} data-with-right={rightSection ? true : undefined}>
        <input
          id={id}
          {...input}
          className={classes.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {rightSection ? <div className={classes.right}>{rightSection}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
