import { createContext, useContext, type ReactNode } from "react";
import { useSheetStream } from "../lib/sheetStream";
import { useLocationId } from "./address";

const RollCallOpen = createContext(false);

/**
 * The location's live stream, held open across its sheet and sign-in form: a sign-in neither
 * closes it nor makes the tablet reconnect and fetch every list again on its way back.
 */
export function LiveSheet({ children }: { children: ReactNode }) {
  const { rollCall } = useSheetStream(useLocationId());
  return <RollCallOpen.Provider value={rollCall}>{children}</RollCallOpen.Provider>;
}

/** Whether a roll call is in progress at the location (the sheet's banner). */
export function useRollCallOpen(): boolean {
  return useContext(RollCallOpen);
}
