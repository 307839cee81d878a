// The member's plan after paying, on the wire: the billing summary the profile shows, the one-click
// unsubscribe's answer, the payment page's rules, and locally the renewal job's trigger.
import { z } from "zod";
import { RequiredClickid } from "./clickid";
import { PaylogEntry } from "./profile";

/** The body of the member's own calls that name them only. */
export const ClickidBody = z.object({ clickid: RequiredClickid });

export const Billing = z.object({
  premiumLevel: z.number().int(),
  /** free; paid (one-off plans); subscribed (renews on nextBillDate); canceled (paid until periodEnd). */
  status: z.enum(["free", "paid", "subscribed", "canceled"]),
  nextBillDate: z.string().nullable(),
  /** The end of the paid period of a running plan (the renewal date, or the end of a canceled plan). */
  periodEnd: z.string().nullable(),
  planName: z.string().nullable(),
  /** What the next renewal charges, in cents of `currency`. */
  renewalAmount: z.number().int().nullable(),
  /** The running plan's currency (the site's, EUR, without one). */
  currency: z.string().length(3),
  canUnsubscribe: z.boolean(),
  /**
   * What was kept last (one-tap payments and the renewals use it): a card, or a wallet (PayPal with the payer's
   * e-mail when PayPal told it, Apple Pay, Google Pay); null when nothing is kept.
   */
  card: z
    .discriminatedUnion("kind", [
      z.object({
        kind: z.literal("card"),
        brand: z.string(),
        last4: z.string(),
        expMonth: z.number(),
        expYear: z.number(),
      }),
      z.object({ kind: z.enum(["paypal", "applepay", "googlepay"]), label: z.string().nullable() }),
    ])
    .nullable(),
  /**
   * The compliant flow's disabled unsubscribe button (spec): shown to its members at a plan's level above 1
   * (where another flow's member could unsubscribe), whose plan was one payment that does not renew.
   */
  unsubscribeDisabled: z.boolean(),
  /** The member's paid charges, newest first, with the plan's name and whether it was refunded. */
  paylog: z.array(/* @__PURE__ */ PaylogEntry.extend({ nomePiano: z.string(), refunded: z.boolean() })),
});

/** orders/unsubUser's answer. */
export const UnsubscribeAnswer = z.object({
  status: z.enum(["ok", "ko"]),
  /** ko: disiscrizione_ko (nothing to unsubscribe from, or the compliant flow). */
  message: z.string(),
  premiumLevel: z.number().int(),
});

/** pay_rules/get_pay_rules's answer. */
export const PayRules = z.object({
  sistemi_pagamento: z.array(z.string()),
  payment_company: z.string(),
  /** The 3-D Secure style of the brand's card provider (adyen, trustpay or maxpay). */
  payment_system: z.string(),
  descriptor: z.string(),
  currency: z.literal("EUR"),
  verificaEta: z.boolean(),
  /** The member verified their age (by card or phone): blurred replies are readable. */
  verified: z.boolean(),
  /** The member keeps a card: choosing a plan charges it at once. */
  actonfile: z.boolean(),
  premiumLevel: z.number().int(),
});

/** POST /dev/renewals/run: the job as if the time were `now`, optionally for one member only. */
export const RunRenewalsRequest = z.object({
  now: z.iso.datetime({ offset: true }).optional(),
  clickid: /* @__PURE__ */ RequiredClickid.optional(),
});
