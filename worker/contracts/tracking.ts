// The spec's tracking calls (api/payment/api/import*, cancelOrder, the KPI event), the cookie-consent record and
// the client's error log: the wire shapes shared by the Worker and the web client. Spec words stay as the spec
// writes them (clickid, kcampaign, pageType, nome_evento, valore_evento, messaggio).
import { z } from "zod";
import { KPI_EVENTS, POSTBACK_STATUSES } from "./tracking-names";

export {
  CLIENT_LOG_SUBJECTS,
  COOKIE_POLICY_VERSION,
  KPI_EVENTS,
  type KpiEventName,
  PIXEL_EVENTS,
  type PixelEvent,
  POSTBACK_STATUSES,
} from "./tracking-names";

/** A click id or tracking id as the client keeps it (hex from the landing, or the member's click id). */
export const ClickId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 letters, digits, - or _");
/** A client-made id that makes a retried call one event (a UUID or any short token). */
export const EventId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8-64 letters, digits, - or _");
const Short = z.string().trim().min(1).max(64);

/** POST api/payment/api/importClick: the landing's click with its campaign and page type. */
export const ImportClick = z.object({
  clickid: ClickId,
  kcampaign: Short.optional(),
  pageType: Short.optional(),
  source: Short.optional(),
  fluxId: Short.optional(),
  eventId: EventId.optional(),
});
export type ImportClick = z.infer<typeof ImportClick>;

/**
 * POST api/payment/api/importOrder, importUpsell and cancelOrder: the order object. The order is found among
 * the member's own; its amount comes from the ledger, never from the body.
 */
export const ImportOrder = z.object({
  clickid: ClickId,
  orderId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  nomePiano: Short.optional(),
});
export type ImportOrder = z.infer<typeof ImportOrder>;

/** POST /log/event (the KPI host's call, served by the Worker): one KPI event with its context. */
export const KpiEvent = z.object({
  clickid: ClickId,
  service: Short,
  nome_evento: z.enum(KPI_EVENTS),
  valore_evento: z.union([z.string().max(64), z.number().finite()]).optional(),
  premiumLevel: z.coerce.number().int().min(0).max(9).optional(),
  flux: Short.optional(),
  /** Never stored nor forwarded: the tracker gets the click id only (kept for the spec's shape). */
  email: z.string().max(254).optional(),
  country: z.string().max(8).optional(),
  ua: z.string().max(512).optional(),
  /** The event counts once per click id (e.g. a first visit). */
  unica: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")]).optional(),
  metadata: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number().finite(), z.boolean()]))
    .refine((m) => Object.keys(m).length <= 20, "at most 20 keys")
    .optional(),
  eventId: EventId.optional(),
});
export type KpiEvent = z.infer<typeof KpiEvent>;

/** The kinds of postback: the browser's calls and the ledger's events. */
export const POSTBACK_KINDS = [
  "click",
  "order",
  "upsell",
  "cancel",
  "kpi",
  "sale",
  "renewal",
  "refund",
  "chargeback",
] as const;
export const PostbackKind = z.enum(POSTBACK_KINDS);
export type PostbackKind = z.infer<typeof PostbackKind>;

export const PostbackStatus = z.enum(POSTBACK_STATUSES);
export type PostbackStatus = z.infer<typeof PostbackStatus>;

/** The cookie categories; necessary is always on. */
export const COOKIE_CATEGORIES = ["necessary", "analytics", "marketing"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** POST /api/consent/cookies: a choice made on the banner or in its preferences. */
export const CookieChoice = z.object({
  /** The device's random id (kept in local storage), so a visitor's choice is recorded before sign-up. */
  deviceId: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "must be 16-64 letters, digits or -"),
  policyVersion: z.string().min(1).max(32),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type CookieChoice = z.infer<typeof CookieChoice>;

/** One recorded cookie choice, as the member's profile shows it. */
export const CookieConsentRecord = z.object({
  at: z.string(),
  policyVersion: z.string(),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type CookieConsentRecord = z.infer<typeof CookieConsentRecord>;

/** POST api/log/client: subject, messaggio (and the client's release). */
export const ClientLog = z.object({
  subject: z.string().trim().min(1).max(80),
  messaggio: z.string().max(500),
  release: z.string().max(40).optional(),
  deviceId: z
    .string()
    .regex(/^[A-Za-z0-9-]{16,64}$/)
    .optional(),
});
export type ClientLog = z.infer<typeof ClientLog>;

/** One postback as the console lists it. */
export const ListedPostback = z.object({
  id: z.number(),
  brandId: z.string(),
  /** The kind; a KPI event's is `kpi:` and its nome_evento. */
  kind: z.string(),
  clickid: z.string(),
  payoutCents: z.number().nullable(),
  currency: z.string().nullable(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  lastStatus: z.number().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ListedPostback = z.infer<typeof ListedPostback>;

/** The console's query of the postbacks. */
export const PostbackQuery = z.object({
  status: PostbackStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** Browser errors grouped by subject and message, with their count and the releases that reported them. */
export const ClientErrorGroup = z.object({
  brandId: z.string(),
  subject: z.string(),
  message: z.string(),
  count: z.number(),
  releases: z.array(z.string()),
  lastAt: z.string(),
});
export type ClientErrorGroup = z.infer<typeof ClientErrorGroup>;

/** A tracking call's answer: stored false when the same call was stored before (or the reports are throttled). */
export const Stored = z.object({ result: z.literal("OK"), stored: z.boolean() });

export const CallerAddress = z.object({ ip: z.string(), ua: z.string() });

export const CookieChoiceRecorded = z.object({ result: z.literal("OK"), at: z.string() });

export const CookieChoicesQuery = z.object({
  deviceId: /* @__PURE__ */ CookieChoice.shape.deviceId.optional(),
});

export const CookieChoices = z.object({ choices: z.array(CookieConsentRecord) });

export const ListedPostbacks = z.object({ postbacks: z.array(ListedPostback) });

/** A local run of the postbacks' delivery, at `now` when given. */
export const DeliverPostbacksRequest = z.object({ now: z.iso.datetime().optional() });

export const DeliveryRun = z.object({ sent: z.number(), retried: z.number(), failed: z.number() });
