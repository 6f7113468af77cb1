import { doorVisitEventsPath, queueEvents } from "@vsi/api/schemas";
import { oneRunAtATime } from "@vsi/web-common/one-run-at-a-time";
import { useEffect, useRef } from "react";
import { doorApi } from "./kioskApi";
import type { DoorVisit } from "./types";

/**
 * How long a phone waits after reading its visit before reading again for others' changes (its
 * places ahead): at a busy site every sign-in moves the line, and the phones in its waiting room
 * share the site's address and the door's budgets. Its own call comes at once, in the stream.
 */
export const placesReadGapMs = 5_000;

/**
 * While the visit waits in its location's line, listens to the line's stream: its own visit's
 * changes arrive in it (`yours`), and others' changes are read again at most every
 * placesReadGapMs. The call to a desk is announced with a tone and a vibration where the browser
 * allows (a page the visitor has touched may play sound).
 */
export function useDoorLine(
  token: string | null,
  visit: DoorVisit | null,
  onVisit: (visit: DoorVisit) => void,
) {
  const inLine = Boolean(token && visit && visit.QueueNumber !== null && !visit.TimeOut);
  const calledTo = visit?.CalledTo ?? null;
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (!inLine || !token) return;
    const source = new EventSource(doorVisitEventsPath(token));
    let open = true;
    const read = () =>
      doorApi.visit(token).then(
        (visit) => open && onVisit(visit),
        () => undefined,
      );
    // One read at a time, then a pause: the events meanwhile ask for one more read after it.
    const readSoon = oneRunAtATime(async () => {
      if (!open) return;
      await read();
      await new Promise((resolve) => setTimeout(resolve, placesReadGapMs));
    });
    source.addEventListener(queueEvents.ready, () => void read());
    source.addEventListener(queueEvents.refresh, () => void read());
    source.addEventListener(queueEvents.queue, () => void readSoon());
    source.addEventListener(queueEvents.yours, (event) => {
      onVisit(JSON.parse((event as MessageEvent<string>).data) as DoorVisit);
    });
    return () => {
      open = false;
      source.close();
    };
  }, [inLine, token, onVisit]);

  useEffect(() => {
    if (calledTo === null || announced.current === calledTo) return;
    announced.current = calledTo;
    announce();
  }, [calledTo]);
}

/** A short tone and a vibration; each is skipped quietly where the browser refuses it. */
function announce() {
  navigator.vibrate?.([300, 150, 300]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.8);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.8);
    tone.onended = () => void audio.close();
  } catch {
    // No audio here (a browser without Web Audio): the vibration and the words remain.
  }
}
