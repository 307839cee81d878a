// Google sign-in and sign-up: the start link's query, the callback's body and its answer.
import { z } from "zod";
import { Session, Tracking } from "./auth";

export const GoogleIntent = z.enum(["signup", "login"]);
export const Gender = z.enum(["uomo", "donna"]);
/** Where the client goes after the sign-in: a path of this site only (never `//host` or a scheme). */
export const ReturnTo = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s\\]*$/, "a path of this site");

export const GoogleStartQuery = z.object({
  intent: /* @__PURE__ */ GoogleIntent.default("login").meta({ description: "the page the button was on" }),
  sono: /* @__PURE__ */ Gender.optional(),
  cerco: /* @__PURE__ */ Gender.optional(),
  fluxId: z.string().max(16).optional(),
  source: z.string().max(100).optional(),
  returnTo: /* @__PURE__ */ ReturnTo.optional().meta({
    description: "a path of this site, echoed back by the callback",
  }),
  // The sign-up page's optional marketing boxes, as query text: "1" ticked, anything else not.
  promotions: z
    .enum(["0", "1"])
    .optional()
    .transform((v) => v === "1")
    .meta({ description: "terms2 (promotional processing) ticked: 1" }),
  thirdParties: z
    .enum(["0", "1"])
    .optional()
    .transform((v) => v === "1")
    .meta({ description: "terms3 (communication to third parties) ticked: 1" }),
});

/** The redirect of the start link: to Google, with the state cookie. */
export const GoogleStartHeaders = z.object({ location: z.string(), "set-cookie": z.string().optional() });

/** The spec's Google payload: the code and state from /loginWithGoogle, sign-up choices and tracking fields. */
export const GoogleRequest = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(128),
  sono: /* @__PURE__ */ Gender.optional(),
  cerco: /* @__PURE__ */ Gender.optional(),
  ...Tracking,
  campid: z.string().max(100).optional(),
  ua: z.string().max(512).optional(),
});
export type GoogleRequest = z.infer<typeof GoogleRequest>;

export const GoogleResponse = /* @__PURE__ */ Session.extend({
  /** true: an existing member, logged in; false: a new member, whose client opens the set-region popup. */
  login: z.boolean(),
  returnTo: z.string().optional(),
  /** The account's deletion was pending: this sign-in cancelled it and restored the account. */
  account_restored: z.boolean().optional(),
});
