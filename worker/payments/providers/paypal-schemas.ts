// The shapes of PayPal's answers the adapter reads (Orders v2, Payments v2, OAuth2, Webhooks v1), parsed at
// the boundary; zod drops every field not named here.
import { z } from "zod";

export const ErrorBody = z.object({
  name: z.string().optional(),
  // /v1/oauth2/token answers OAuth's own shape: { error, error_description }.
  error: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Link = z.object({ href: z.string(), rel: z.string() });
export const Capture = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.object({ currency_code: z.string() }).optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }) }).optional(),
});
export const Order = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(Link).default([]),
  payment_source: z
    .object({
      paypal: z
        .object({
          email_address: z.string().optional(),
          attributes: z
            .object({ vault: z.object({ id: z.string().optional(), status: z.string() }).optional() })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(Capture).optional() }).optional() }))
    .default([]),
});
export type Order = z.infer<typeof Order>;

export const Token = z.object({ access_token: z.string(), expires_in: z.number() });
export const Verification = z.object({ verification_status: z.string() });
export const Event = z.object({
  event_type: z.string(),
  resource: z.object({
    id: z.string(),
    supplementary_data: Capture.shape.supplementary_data,
    links: z.array(Link).optional(),
  }),
});
export const Refund = z.object({ status: z.string() });
