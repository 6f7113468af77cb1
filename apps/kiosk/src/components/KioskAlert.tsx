import type { ReactNode } from "react";
import classes from "./KioskAlert.module.css";

/** A message the visitor must notice, announced as it appears. */
export function KioskAlert({
  tone,
  title,
  children,
}: {
  tone: "info" | "danger";
  title?: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={classes.alert} data-tone={tone}>
      {title ? <p className={classes.title}>{title}</p> : null}
      <div className={classes.body}>{children}</div>
    </div>
  );
}
