import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { queueEvents, screenEventsPath, type QueueScreen } from "@vsi/api/schemas";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { programName } from "@vsi/i18n/languages";
import { useEffect } from "react";
import { queryClient, trpc } from "../lib/trpc";
import classes from "./screen.module.css";

/**
 * A now-serving screen: a TV in the waiting room, opened with its own code. Numbers and desks in
 * large type, never names, as the line's stream brings them (read again when it says to).
 */
export const Route = createFileRoute("/screen/$code")({
  component: ScreenPage,
});

function ScreenPage() {
  const { code } = Route.useParams();
  const { t, language } = useStaffTranslation();
  const options = trpc.queue.screen.queryOptions({ code });
  const screen = useQuery({ ...options, retry: false, refetchOnWindowFocus: false });

  useEffect(() => {
    const source = new EventSource(screenEventsPath(code));
    const read = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });
    for (const event of [queueEvents.ready, queueEvents.queue, queueEvents.refresh])
      source.addEventListener(event, read);
    // What the screen shows comes in the stream as the line moves: shown as it is, no read.
    source.addEventListener(queueEvents.screen, (event) =>
      queryClient.setQueryData(options.queryKey, JSON.parse(event.data as string) as QueueScreen),
    );
    // A stream refused for good (the screen revoked): read once more, so the TV says so.
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) read();
    });
    return () => source.close();
    // The query's key is the code's: one stream per code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  if (screen.isError)
    return (
      <main className={classes.screen}>
        <p className={classes.notice}>{t("screen.unknown")}</p>
      </main>
    );
  if (!screen.data) return <main className={classes.screen} />;
  const { location, serving, waiting, waitingLines } = screen.data;
  // Where programs have lines of their own, each number is told with its line's name.
  const lined = serving.some((call) => call.line) || waitingLines.some((entry) => entry.line);
  const lineName = (line: (typeof waitingLines)[number]["line"]) =>
    line ? programName(line, language) : t("screen.sharedLine");
  return (
    <main className={classes.screen} data-screen>
      <h1 className={classes.place}>{location.Name}</h1>
      <section className={classes.serving} aria-live="polite">
        <h2 className={classes.heading}>{t("screen.nowServing")}</h2>
        {serving.length === 0 ? (
          <p className={classes.notice}>{t("screen.nobodyCalled")}</p>
        ) : (
          <ul className={classes.calls}>
            {serving.map((call) => (
              <li
                key={`${call.line?.id ?? ""}-${call.number}`}
                className={classes.call}
                data-serving={call.number}
              >
                <span className={classes.number}>{call.number}</span>
                <span className={classes.desk}>
                  {lined ? <span className={classes.line}>{lineName(call.line)}</span> : null}
                  {t("screen.desk", { desk: call.desk ?? "" })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={classes.waiting}>
        <h2 className={classes.heading}>{t("screen.waiting")}</h2>
        {lined ? (
          waitingLines.map((entry) => (
            <p key={entry.line?.id ?? "shared"} className={classes.numbers} data-waiting-line>
              <span className={classes.line}>{lineName(entry.line)}</span>
              {entry.numbers.join("  ·  ")}
            </p>
          ))
        ) : (
          <p className={classes.numbers} data-waiting>
            {waiting.length === 0 ? t("screen.nobodyWaiting") : waiting.join("  ·  ")}
          </p>
        )}
      </section>
    </main>
  );
}
