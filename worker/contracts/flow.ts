import { z } from "zod";

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
  /** Which sign-up form the flow shows: sono/cerco fixed (uomo/donna) or chosen, and its age range. */
  signupForm: z.object({ genderChoice: z.boolean(), minAge: z.number().int(), maxAge: z.number().int() }),
});
export type FlowConfig = z.infer<typeof FlowConfig>;

/** The part of a flow the client reads (the spec's `flusso`). */
export type PublicFlow = FlowConfig & { fluxId: string };
