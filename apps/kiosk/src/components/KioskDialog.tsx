import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import classes from "./KioskDialog.module.css";

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The close button's accessible name, in the visitor's language. */
  closeLabel: string;
  children: ReactNode;
}

/**
 * The kiosk's modal question, on the browser's own <dialog>: it keeps focus inside, makes the page
 * behind inert, closes on Escape and gives focus back, with no library code. Mantine's Modal (with
 * its scroll lock and scroll area) was a sixth of the sheet's first load.
 */
export function KioskDialog({ opened, onClose, title, closeLabel, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect, so that code right after the state change (flushSync) sees it closed.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (opened && !element.open) element.showModal();
    if (!opened && element.open) element.close();
  }, [opened]);

  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the parent decides (and closes it through `opened`).
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current) onClose();
      }}
    >
      {opened ? (
        <>
          <div className={classes.header}>
            <h2 id={titleId} className={classes.title}>
              {title}
            </h2>
            <button
              type="button"
              className={classes.close}
              aria-label={closeLabel}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={classes.body}>{children}</div>
        </>
      ) : null}
    </dialog>
  );
}

/** The dialog's answers, in a row at its end. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={classes.actions}>{children}</div>;
}
