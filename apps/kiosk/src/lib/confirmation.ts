import { useSyncExternalStore } from "react";
import type { LineNumber } from "./lineNumber";

/** What the full-screen confirmation says after a sign-in or a sign-out. */
export interface Confirmation {
  kind: "in" | "out";
  firstName: string;
  programName?: string | undefined;
  /** When it happened (ISO), shown in the visitor's language. */
  at: string;
  visitId: number;
  /** Kept on the tablet, to be sent when the connection is back. */
  saved?: boolean;
  /** Past the program's visit limit: the visitor is asked to see staff. */
  seeStaff?: boolean;
  /** The visitor's number in the line (and which line), where the location has one. */
  line?: LineNumber | null;
}

interface State {
  confirmation: Confirmation | null;
  /** The row to mark on the sheet once the confirmation is gone. */
  highlightId: number | null;
}

let state: State = { confirmation: null, highlightId: null };
const listeners = new Set<() => void>();
const publish = (next: State) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export function showConfirmation(confirmation: Confirmation): void {
  publish({ confirmation, highlightId: confirmation.kind === "in" ? confirmation.visitId : null });
}

export function dismissConfirmation(): void {
  if (state.confirmation) publish({ ...state, confirmation: null });
}

export function useConfirmationState(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
