import { z } from "zod";

/** The most characters of a clickid: the tracker's id an account is known by (also the spec's trackerId). */
export const CLICKID_MAX = 64;

/**
 * A clickid as a request carries it (also under the spec's names trackerId and remarketing_clickid): bounded,
 * so no input buys unbounded work; an empty one finds no account, and the route answers as for any other.
 */
export const Clickid = /* @__PURE__ */ z.string().max(CLICKID_MAX);

/** A clickid that must be given: a path's, a reference to a member. */
export const RequiredClickid = /* @__PURE__ */ Clickid.min(1);
