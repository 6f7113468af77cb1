import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { setCurrentUser } from "../lib/session";
import { queryClient, trpcClient } from "../lib/trpc";

/** Log out (spec section 2, Header): the logout call, then forget the user and go home. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  // A GET on the server (GET /api/auth/logout), but an action here, so a mutation and never cached.
  const logout = useMutation({ mutationFn: () => trpcClient.auth.logout.query() });
  return () => {
    logout.mutate(undefined, {
      onSettled: () => {
        // Another person may use this browser next: drop everything cached for this user.
        queryClient.removeQueries();
        setCurrentUser(null);
        void navigate({ to: "/" });
      },
    });
  };
}
