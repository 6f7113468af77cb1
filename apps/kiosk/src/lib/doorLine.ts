import { doorVisitEventsPath, queueEvents } from "@vsi/api/schemas";
import { useEffect, useRef } from "react";
import { doorApi } from "./kioskApi";
import type { DoorVisit } from "./types";

/**
 * While the visit waits in its location's line, listens to the line's stream and reads the visit
 * again at each change; the call to a desk is announced with a tone and a vibration where the
 * browser allows (a page the visitor has touched may play sound).
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
    const read = () => void doorApi.visit(token).then(onVisit, () => undefined);
    for (const event of Object.values(queueEvents)) source.addEventListener(event, read);
    return () => source.close();
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
