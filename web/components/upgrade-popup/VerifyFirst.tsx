import { Navigate } from "@tanstack/react-router";
import { useSession } from "../../lib/session/session";

/**
 * The spec: hooks open the plans page at /vip_plan/cred when the flow has age verification (where an
 * unverified member verifies first), otherwise their popup. Wraps a hook popup.
 */
export function VerifyFirst({ children }: { children: React.ReactNode }) {
  const { state } = useSession();
  if (state.status === "member" && state.flow.verificaEta) {
    return <Navigate to="/vip_plan/$rateplan" params={{ rateplan: "cred" }} />;
  }
  return children;
}
