import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { forgetUser } from "../lib/session";
import { trpcClient } from "../lib/trpc";

/** Log out from the header: the logout call, then forget the user and go home. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  // A GET on the server (GET /api/auth/logout), but an action here, so a mutation and never cached.
  const logout = useMutation({
    mutationFn: () => trpcClient.auth.logout.query(),
    // On the mutation, not on mutate(): the phone menu that holds the link closes (unmounts) at the
    // click, and mutate()'s own callbacks never run for an unmounted caller.
    onSettled: async () => {
      // Leave the page first, so none of its queries refetch without a session once forgotten.
      await navigate({ to: "/", state: (state) => ({ ...state, loggedOut: true }) });
      forgetUser();
    },
  });
  return () => logout.mutate();
}
