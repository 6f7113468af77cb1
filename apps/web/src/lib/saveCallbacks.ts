import { queryClient, trpc } from "./trpc";

/**
 * Mutation callbacks for the location and program forms. A location's programs and a program's
 * locations are one relation edited from both sides, so both lists are refreshed after a save.
 * Each page passes its own onError (useServerErrors: a 422 by its field, anything else in an
 * alert); this one only logs.
 */
export function saveCallbacks<Saved>(afterSave: (saved: Saved) => unknown) {
  return {
    // mutate() ignores what its callbacks return; invalidateQueries never rejects, so nothing is lost.
    onSuccess: (saved: Saved) => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.locations.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.programs.pathKey() }),
      ]).then(() => afterSave(saved));
    },
    onError: (error: unknown) => console.error(error),
  };
}
