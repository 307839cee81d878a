import { z } from "zod";
import { type AdyenWeb, PublicBrand } from "../contracts/brand";

const paymentCompanies = ["adyen", "trustpay", "maxpay", "mollie", "coda", "paypal"] as const;

/** Merchant accounts per payment provider (account names, never secrets). */
const PaymentAccounts = z.partialRecord(z.enum(paymentCompanies), z.string().min(1));

/**
 * The company behind a brand: what the legal pages, the mail footers and the payment providers need. Part of
 * the brand's registry entry; a deployment may replace any of its fields through BRAND_COMPANIES.
 */
export const BrandCompany = z.object({
  company_name: z.string().min(1),
  company_address: z.string().min(1),
  vat: z.string().min(1),
  /** The brand's customer-care address and phone (contact page, legal pages, mails). */
  email: z.email(),
  tel: z.string().min(1),
  payment_accounts: PaymentAccounts.default({}),
});
export type BrandCompany = z.infer<typeof BrandCompany>;

/** What a deployment's BRAND_COMPANIES may set for a brand: any company field, over the entry's own. */
export const CompanyOverride = BrandCompany.omit({ payment_accounts: true })
  .partial()
  .extend({ payment_accounts: PaymentAccounts.optional() })
  .strict();
export type CompanyOverride = z.infer<typeof CompanyOverride>;

/** A name of a Worker secret (`wrangler secret put NAME`): an entry names its secrets, it never holds them. */
const SECRET_NAME = /^[A-Z][A-Z0-9_]*$/;
const secretName = z
  .string()
  .regex(SECRET_NAME, "must name a Worker secret (UPPER_SNAKE_CASE), not hold its value");

type CompanyField = "company_name" | "company_address" | "vat" | "email" | "tel";
/** Public fields that come from the entry's company or the deployment, not from the entry's public part. */
type ConfiguredField = CompanyField | "google_login" | "adyen_web";

/** Server-only settings of a brand: names of secrets and provider accounts, never their values. */
export interface ServerBrand {
  /** Sender of transactional e-mail. */
  mailFrom: string;
  /** Name of the Worker secret holding the Telegram bot token. */
  telegramTokenSecret: string;
  /**
   * The brand's tracker: a postback URL template with {clickid} and the payout placeholders
   * (worker/tracking/postback-template.ts); TRACKER_POSTBACK_URLS overrides it per deployment. None keeps the
   * brand's postbacks in the outbox.
   */
  postbackUrl?: string;
  /** Merchant accounts per payment provider (from the brand's company). */
  paymentAccounts: BrandCompany["payment_accounts"];
}

/**
 * One brand, all in one entry: the hosts that select it, its public identity (names, language, theme, logos,
 * photo folders), its company with its payment accounts, and its server part (notification channels and the
 * names of its secrets).
 */
export interface BrandEntry {
  /** Host names that select this brand (production domain and its local alias). */
  hosts: readonly string[];
  public: Omit<PublicBrand, ConfiguredField>;
  company: z.input<typeof BrandCompany>;
  server: Omit<ServerBrand, "paymentAccounts">;
}

/**
 * The entry's schema, checked by `npm run check` (scripts/check-brands.ts) and when the Worker starts. Its
 * parts are open objects: a field added to an entry's type is accepted here, and any server field whose name
 * ends in `Secret` must be a secret's name.
 */
export const BrandEntrySchema = z.object({
  hosts: z
    .array(
      z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, "must be a lower-case host name without port"),
    )
    .min(1),
  public: PublicBrand.omit({
    company_name: true,
    company_address: true,
    vat: true,
    email: true,
    tel: true,
    google_login: true,
    adyen_web: true,
  }).loose(),
  company: BrandCompany,
  server: z
    .looseObject({ mailFrom: z.string().min(1), telegramTokenSecret: secretName })
    .superRefine((server, ctx) => {
      for (const [key, value] of Object.entries(server)) {
        if (key.endsWith("Secret") && !(typeof value === "string" && SECRET_NAME.test(value))) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "must name a Worker secret, not hold its value",
          });
        }
      }
    }),
});

/** A brand as a request sees it: the registry's entry with its company merged into the public part. */
export interface Brand {
  hosts: readonly string[];
  public: PublicBrand;
  server: ServerBrand;
}

export type BrandRegistry = Readonly<Record<string, BrandEntry>>;

/**
 * Every problem of a registry, each naming the brand and the field (never a value): an entry that does not
 * match the schema, an id that is not its key, a host claimed twice, a default brand that is not there.
 */
export function registryProblems(registry: BrandRegistry, defaultId: string): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const [id, entry] of Object.entries(registry)) {
    const parsed = BrandEntrySchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${id}.${issue.path.join(".")} ${issue.message}`);
      continue;
    }
    if (entry.public.id !== id) problems.push(`${id}.public.id must be the entry's key ${id}`);
    for (const host of entry.hosts) {
      const owner = owners.get(host);
      if (owner) problems.push(`${id}.hosts ${host} is already ${owner}'s`);
      owners.set(host, id);
    }
  }
  if (!registry[defaultId]) problems.push(`the default brand ${defaultId} is not in the registry`);
  return problems;
}

/** Throws, listing every problem, when the registry is not valid. */
export function assertRegistry(registry: BrandRegistry, defaultId: string): void {
  const problems = registryProblems(registry, defaultId);
  if (problems.length) throw new Error(`invalid brand registry: ${problems.join("; ")}`);
}

/**
 * The entry with its company (the deployment's override over the entry's own), whether Google sign-in is
 * configured, and Adyen's secured fields when the brand's card system is Adyen with a client key.
 */
export function withCompany(
  entry: BrandEntry,
  override: CompanyOverride | undefined,
  googleLogin: boolean,
  adyenWeb?: AdyenWeb,
): Brand {
  const { payment_accounts, ...details } = BrandCompany.parse({ ...entry.company, ...override });
  const cardsToAdyen = adyenWeb && payment_accounts.adyen;
  return {
    hosts: entry.hosts,
    public: {
      ...entry.public,
      ...details,
      google_login: googleLogin,
      ...(cardsToAdyen ? { adyen_web: adyenWeb } : {}),
    },
    server: { ...entry.server, paymentAccounts: payment_accounts },
  };
}
