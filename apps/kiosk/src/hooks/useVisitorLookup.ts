import { useCallback, useEffect, useRef, useState } from "react";
import type { AnswerValue } from "@vsi/api/schemas";

export interface VisitorName {
  FirstName: string;
  LastName: string;
  /** The remembered answers (questions asked once per visitor) by question id, and when each was given. */
  Answers?: Record<string, AnswerValue>;
  AnsweredAt?: Record<string, string>;
  /** Their household and its members (a tablet's lookup; first names and initials). */
  Household?: {
    id: number;
    Members: Array<{ id: number; FirstName: string; LastName: string; ThisPhone: boolean }>;
  } | null;
}

/**
 * Looks a returning visitor up by phone number: one lookup at a time; a number
 * entered while one runs is looked up next (only the latest), a result is used only if the phone
 * field still holds that number, and failures (usually "no such visitor") are ignored.
 */
export function useVisitorLookup(
  lookup: (digits: string) => Promise<VisitorName>,
  onFound: (name: VisitorName) => void,
) {
  const [looking, setLooking] = useState(false);
  const running = useRef(false);
  const queued = useRef<string | null>(null);
  const current = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (digits: string) => {
      running.current = true;
      setLooking(true);
      try {
        const name = await lookup(digits);
        if (mounted.current && current.current === digits && name.FirstName && name.LastName)
          onFound(name);
      } catch {
        // Not found or not reachable: the visitor simply types their name.
      } finally {
        running.current = false;
        const next = queued.current;
        queued.current = null;
        if (next && next === current.current && mounted.current) void run(next);
        else if (mounted.current) setLooking(false);
      }
    },
    [lookup, onFound],
  );

  /** Tell the lookup what the phone field holds now (digits only). */
  const phoneChanged = useCallback(
    (digits: string) => {
      current.current = digits;
      if (digits.length !== 10) return;
      if (running.current) queued.current = digits;
      else void run(digits);
    },
    [run],
  );

  return { looking, phoneChanged };
}
