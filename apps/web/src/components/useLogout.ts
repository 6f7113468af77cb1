import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { forgetUser } from "../lib/session";
import { trpcClient } from "../lib/trpc";

/** Log out (spec section 2, Header): the logout call, then forget the user and go home. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  // A GET on the server (GET /api/auth/logout), but an action here, so a mutation and never cached.
  const logout = useMutation({ mutationFn: () => trpcClient.auth.logout.query() });
  return () => {
    logout.mutate(undefined, {
      // Leave the page first, so none of its queries refetch without a session once forgotten.
      onSettled: async () => {
        await navigate({ to: "/" });
        forgetUser();
      },
    });
  };
}
