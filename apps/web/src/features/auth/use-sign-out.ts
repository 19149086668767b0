import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { signOut } from "./api.ts";

/** The shell's Sign out: see `signOut` for the order of the steps. */
export function useSignOut(): () => Promise<void> {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      signOut({
        goToSignIn: () => router.navigate({ to: "/sign_in", replace: true }),
        clearCache: () => queryClient.clear(),
      }),
    [router, queryClient],
  );
}
