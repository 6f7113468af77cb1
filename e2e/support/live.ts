/**
 * How long a change may take to show on another screen in a journey: a failure bound, not the
 * measure (13-live and the bench measure the delay). It sits well inside the screens' 15 s refresh,
 * so a change that shows within it came through the live stream, however loaded the machine.
 */
export const liveBound = 5_000;
