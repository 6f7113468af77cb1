import type { ButtonHTMLAttributes } from "react";
import classes from "./KioskButton.module.css";

export type KioskButtonVariant =
  "filled" | "default" | "danger" | "dangerOutline" | "onBar" | "white";
export type KioskButtonSize = "md" | "lg" | "xl";

interface Look {
  variant?: KioskButtonVariant;
  size?: KioskButtonSize;
  fullWidth?: boolean;
}

/** The kiosk's button look as a class list, for a link that must look like a button too. */
export function kioskButtonClass({
  variant = "filled",
  size = "lg",
  fullWidth = false,
}: Look = {}) {
  return [classes.button, classes[variant], classes[size], fullWidth ? classes.full : ""]
    .filter(Boolean)
    .join(" ");
}

/**
 * The kiosk's button: at least 44px square, large type. While `loading` it shows a spinner, keeps
 * its name for screen readers and takes no second tap.
 */
export function KioskButton({
  variant,
  size,
  fullWidth,
  loading = false,
  className,
  type = "button",
  children,
  ...rest
}: Look & { loading?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...rest}
      type={type}
      className={`${kioskButtonClass({ variant, size, fullWidth })} ${className ?? ""}`}
      disabled={rest.disabled || loading}
      data-loading={loading || undefined}
    >
      {loading ? <span className={`k-spinner ${classes.spinner}`} aria-hidden="true" /> : null}
      <span className={classes.label}>{children}</span>
    </button>
  );
}
