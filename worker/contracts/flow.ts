import { z } from "zod";

/** The spec's default flow and its compliant flow (own plan list, footer on chats, no /match). */
export const DEFAULT_FLUX_ID = "7";
export const COMPLIANT_FLUX_ID = "0000";

/** Plan-page and popup hooks the client can open (the spec's hook keys). */
export const hookKeys = ["blurred", "paginazione", "fine_crediti", "file_like", "cambia_regione"] as const;
export const HookKey = z.enum(hookKeys);
export type HookKey = z.infer<typeof HookKey>;

export const replyProviders = ["operators", "scripted", "ai"] as const;

const Hook = z.object({
  /** vip_plan opens /vip_plan/{hook}; popup opens the generic popup. */
  open: z.enum(["vip_plan", "popup"]),
});

/** A flow (the spec's flusso), stored as validated JSON in flows.config. */
export const FlowConfig = z.object({
  vertical: z.string(),
  messaggi_inviti: z.boolean(),
  provider_animazione: z.enum(replyProviders),
  use_ai: z.boolean(),
  optin: z.enum(["doi", "soi"]),
  verificaEta: z.boolean(),
  foto_facoltativa: z.boolean(),
  /** Message credits granted at sign-up. */
  messaggiFree: z.number().int().min(0),
  creditiIcebreaker: z.number().int().min(0),
  creditiLike: z.number().int().min(0),
  valoreMessaggio: z.number().int().min(1),
  popup_selezione_canale_notifiche: z.boolean(),
  sistemi_pagamento: z.array(
    z.enum(["credit_card", "paypal", "applepay", "googlepay", "mollie", "coda_paypal"]),
  ),
  hooks: z.record(HookKey, Hook),
  pages: z.array(
    z.object({
      find: z.object({ hooks: z.object({ modaleToChat: z.boolean(), modaleToProfilo: z.boolean() }) }),
    }),
  ),
  /** The brain's engagement schedule: how many likes, visits and messages angels bring (optional). */
  pressing: z
    .object({
      likes: z.number().int().min(0).max(20),
      visits: z.number().int().min(0).max(20),
      messages: z.number().int().min(0).max(20),
    })
    .optional(),
  /** Which sign-up form the flow shows: sono/cerco fixed (uomo/donna) or chosen, and its age range. */
  signupForm: z.object({ genderChoice: z.boolean(), minAge: z.number().int(), maxAge: z.number().int() }),
});
export type FlowConfig = z.infer<typeof FlowConfig>;

/** The part of a flow the client reads (the spec's `flusso`). */
export type PublicFlow = FlowConfig & { fluxId: string };

/** The part of the flow the client keeps in its session: double opt-in, invitations and the hooks it opens. */
export const ClientFlow = z.object({
  optin: z.string(),
  messaggi_inviti: z.boolean(),
  /** The hook keys the flow opens (paginazione, cambia_regione, file_like, …). */
  hooks: z.array(HookKey),
  /** Age verification by card: hooks open the plans page (/vip_plan/cred), where the member verifies first. */
  verificaEta: z.boolean(),
  /** The photo is optional: a member without one is offered the photo popup at their first session. */
  foto_facoltativa: z.boolean(),
  /** The notification-channel choice popup is offered to the flow's members. */
  popup_selezione_canale_notifiche: z.boolean().default(false),
});
export type ClientFlow = z.infer<typeof ClientFlow>;

export const clientFlow = (flow: FlowConfig): ClientFlow => ({
  optin: flow.optin,
  messaggi_inviti: flow.messaggi_inviti,
  hooks: hookKeys.filter((key) => key in flow.hooks),
  verificaEta: flow.verificaEta,
  foto_facoltativa: flow.foto_facoltativa,
  popup_selezione_canale_notifiche: flow.popup_selezione_canale_notifiche,
});
