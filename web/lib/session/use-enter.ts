import { useRouter } from "@tanstack/react-router";
import { useCallback, useTransition } from "react";
import { type SessionBody, useSession } from "./session";

/**
 * Signs a member in and opens their home (/find, or /match on a flow with invitations) as one transition:
 * React keeps the page that signed in on screen (its button's spinner) until the member's frame and home
 * page have arrived, instead of the blank fallback it showed for up to a second while their chunks loaded.
 */
export function useEnter() {
  const { signIn } = useSession();
  const router = useRouter();
  const [entering, startTransition] = useTransition();
  const enter = useCallback(
    (body: SessionBody, { replace = false }: { replace?: boolean } = {}) =>
      startTransition(async () => {
        signIn(body);
        await router.navigate({ to: body.flusso.messaggi_inviti ? "/match" : "/find", replace });
      }),
    [signIn, router],
  );
  return { entering, enter };
}
