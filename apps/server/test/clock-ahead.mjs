// Loaded with --import into a spawned server: its clock runs VSI_CLOCK_AHEAD_MS ahead of the
// machine's, as a restart that much later would see it (the same wherever libfaketime is missing).
const ahead = Number(process.env.VSI_CLOCK_AHEAD_MS ?? 0);
const RealDate = Date;
const now = () => RealDate.now() + ahead;

globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length ? args : [now()], newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (target, key, receiver) => (key === "now" ? now : Reflect.get(target, key, receiver)),
});
