import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { setCurrentUser } from "../lib/session";
import { queryClient, trpc } from "../lib/trpc";

/** Log out (spec section 2, Header): the logout call, then forget the user and go home. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const logout = useMutation(trpc.auth.logout.mutationOptions());
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
