import { useEffect, useEffectEvent, useState } from "react";
import { watchLocation } from "@vsi/web-common/location-stream";

// Browsers keep about six connections per server: a few live streams, then the page polls instead.
const maxStreams = 4;

/**
 * How a page watching several locations stays current: `live` (every stream listens),
 * `connecting` (not yet), `reconnecting` (one was lost: poll until it is back) or `polling`
 * (too many locations to hold a stream each, or no EventSource).
 */
export type StreamsState = "live" | "connecting" | "reconnecting" | "polling";

/**
 * Calls `changed` whenever a visit changes at one of these locations (and on each reconnect), and
 * `rollCallChanged` when a roll call there starts, ends or changes (and on each reconnect).
 */
export function useLocationStreams(
  locationIds: number[],
  changed: () => void,
  rollCallChanged: () => void = () => undefined,
): StreamsState {
  const watchable =
    typeof EventSource !== "undefined" &&
    locationIds.length > 0 &&
    locationIds.length <= maxStreams;
  const key = locationIds.join(",");
  const onChange = useEffectEvent(changed);
  const onRollCall = useEffectEvent(rollCallChanged);
  const [state, setState] = useState<{ key: string; live: number; lost: boolean }>({
    key,
    live: 0,
    lost: false,
  });

  useEffect(() => {
    if (!watchable) return;
    const ids = key.split(",").map(Number);
    const live = new Set<number>();
    let lost = false;
    const stops = ids.map((id) =>
      watchLocation(id, {
        live: () => {
          live.add(id);
          if (live.size === ids.length) lost = false;
          setState({ key, live: live.size, lost });
          onChange();
          onRollCall();
        },
        rollCall: () => onRollCall(),
        visit: () => onChange(),
        refresh: () => onChange(),
        down: () => {
          live.delete(id);
          lost = true;
          setState({ key, live: live.size, lost });
        },
      }),
    );
    return () => {
      stops.forEach((stop) => stop());
      // What was live belongs to these locations only.
      setState({ key: "", live: 0, lost: false });
    };
  }, [key, watchable]);

  if (!watchable) return "polling";
  if (state.key !== key) return "connecting";
  if (state.live === locationIds.length) return "live";
  return state.lost ? "reconnecting" : "connecting";
}
