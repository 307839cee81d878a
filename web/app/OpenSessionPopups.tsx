import { lazy, Suspense } from "react";
import type { PublicBrand } from "../../worker/contracts/brand";
import { useSession } from "../lib/session/session";

// The session's popups and their forms (double opt-in, region, photo, gift, disabled account): a chunk
// fetched when one opens, not with every page of a visitor or a member.
const SessionPopups = lazy(() => import("./SessionPopups").then((m) => ({ default: m.SessionPopups })));

/** The session's popups, drawn (and their chunk fetched) only while one is open. */
export function OpenSessionPopups({ brand }: { brand: PublicBrand }) {
  const { popups } = useSession();
  if (popups.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SessionPopups brand={brand} />
    </Suspense>
  );
}
