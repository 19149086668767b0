import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { signOut } from "./api.ts";

/** Sign out: revoke + delete the cookie, go to /sign_in, then drop every cached answer. */
export function useSignOut(): () => Promise<void> {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    // Leave the signed-in pages first so none of their queries refetch without a session.
    await router.navigate({ to: "/sign_in", replace: true });
    queryClient.clear();
  }, [router, queryClient]);
}
