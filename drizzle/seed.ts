// The deterministic demo seed: regions and cities, angels (with a count parameter), flows 7, 8, 9 and 0000 with
// their plans and their price history, sample testimonials, and the demo operators and persona notes of the console at /ops. Runs with a
// node-postgres client (scripts/ and tests).
import type pg from "pg";
import { fictionalPhone } from "../worker/contracts/fictional-phone";
import type { FlowConfig } from "../worker/contracts/flow";
import { type CountryId, geo } from "./seed-data/geo";
import { femaleNames } from "./seed-data/names";
import { demoOperators, demoPersonaNotes } from "./seed-data/operators";
import { lookAssigner } from "./seed-data/portraits/looks";
import { aboutLines, descriptionSentences } from "./seed-data/profile-texts";
import { sampleTestimonials } from "./seed-data/testimonials";

export const DEFAULT_ANGELS_PER_COUNTRY = 300;
const countries: CountryId[] = ["it", "es", "en"];

/** mulberry32: a small seeded PRNG, so every run writes the same rows. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

const hooks = {
  blurred: { open: "vip_plan" },
  paginazione: { open: "vip_plan" },
  fine_crediti: { open: "vip_plan" },
  file_like: { open: "vip_plan" },
  cambia_regione: { open: "vip_plan" },
} as const;

/** The demo flow whose angel replies come from operators (provider_animazione "operators"). */
export const OPERATORS_FLUX_ID = "8";
/** The flow whose members verify their age by card before they buy (verificaEta). */
export const AGE_VERIFICATION_FLUX_ID = "6";

/** The demo's standard dating flow; flows 8 and 9 differ from it only where their comment says. */
const flow7: FlowConfig = {
  vertical: "dating",
  messaggi_inviti: false,
  provider_animazione: "scripted",
  use_ai: false,
  optin: "soi",
  verificaEta: false,
  foto_facoltativa: true,
  messaggiFree: 5,
  creditiIcebreaker: 3,
  creditiLike: 10,
  valoreMessaggio: 10,
  popup_selezione_canale_notifiche: true,
  sistemi_pagamento: ["credit_card", "paypal", "applepay", "googlepay"],
  hooks,
  pages: [{ find: { hooks: { modaleToChat: false, modaleToProfilo: false } } }],
  signupForm: { genderChoice: false, minAge: 19, maxAge: 98 },
  pressing: { likes: 2, visits: 2, messages: 1 },
};

export const seedFlows: Record<string, FlowConfig> = {
  "7": flow7,
  /** An invitation flow: /match is home, its invite button opens the invite modal. */
  "9": { ...flow7, messaggi_inviti: true, sistemi_pagamento: ["credit_card", "paypal"] },
  /** Age verification by card: hooks lead to /vip_plan/cred, where an unverified member verifies first. */
  [AGE_VERIFICATION_FLUX_ID]: { ...flow7, verificaEta: true },
  /** Every payment method of the spec, the redirect ones (mollie, coda) included. */
  "10": {
    ...flow7,
    sistemi_pagamento: ["credit_card", "paypal", "applepay", "googlepay", "mollie", "coda_paypal"],
  },
  /** Operators answer from the console at /ops: nothing is sent automatically; the default pressing plan. */
  [OPERATORS_FLUX_ID]: {
    ...flow7,
    provider_animazione: "operators",
    sistemi_pagamento: ["credit_card", "paypal"],
    pressing: undefined,
  },
  "0000": {
    vertical: "dating",
    messaggi_inviti: false,
    provider_animazione: "scripted",
    use_ai: false,
    optin: "doi",
    verificaEta: false,
    foto_facoltativa: true,
    messaggiFree: 3,
    creditiIcebreaker: 1,
    creditiLike: 5,
    valoreMessaggio: 10,
    popup_selezione_canale_notifiche: false,
    sistemi_pagamento: ["credit_card", "paypal"],
    hooks,
    pages: [{ find: { hooks: { modaleToChat: false, modaleToProfilo: false } } }],
    signupForm: { genderChoice: true, minAge: 18, maxAge: 89 },
    // The compliant flow keeps the angels' own initiative to one visit.
    pressing: { likes: 0, visits: 1, messages: 0 },
  },
};

/** The demo's one reduction (Starter): its full price applied from this many days ago, its reduced one from the next. */
const FULL_PRICE_DAYS_AGO = 60;
const REDUCED_DAYS_AGO = 10;

type PlanSeed = [
  list: string,
  productId: string,
  name: string,
  prezzo: number,
  crediti: number,
  level: number,
  firstSelling?: boolean,
  /** Days between automatic renewals; absent for a one-off purchase. */
  renewalDays?: number,
];
const plans: PlanSeed[] = [
  // Level 2 is the VIP subscription: it renews monthly with its credits until the member unsubscribes (back
  // to level 1). Level 1 plans are one-off packs. The compliant flow (0000) sells no renewing plan: its
  // unsubscribe button is disabled, so nothing there may renew.
  ["free", "starter-30", "Starter", 990, 30, 1, true],
  ["free", "plus-100", "Plus", 2490, 100, 1],
  ["free", "gold-300", "VIP Gold", 4990, 300, 2, false, 30],
  ["premium", "refill-100", "Refill 100", 1990, 100, 1],
  ["premium", "vip-300", "VIP 300", 3990, 300, 2, false, 30],
  ["compliant", "compliant-50", "Basic", 1490, 50, 1],
  ["compliant", "compliant-150", "Premium", 3490, 150, 2],
  ["verifica", "verify-age", "18+", 0, 0, 0],
];

async function insertRows(client: pg.Client, table: string, columns: string[], rows: unknown[][]) {
  const batch = Math.floor(60000 / columns.length);
  for (let i = 0; i < rows.length; i += batch) {
    const slice = rows.slice(i, i + batch);
    const params: unknown[] = [];
    const values = slice.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(",")})`);
    await client.query(`insert into ${table} (${columns.join(",")}) values ${values.join(",")}`, params);
  }
}

/** Writes the demo data into an empty database; `angelsPerCountry` is 100,000 / 3 for benchmarks. */
export async function seed(client: pg.Client, angelsPerCountry = DEFAULT_ANGELS_PER_COUNTRY) {
  await client.query("begin");
  try {
    for (const country of countries) {
      await insertRows(
        client,
        "regions",
        ["country", "code", "name"],
        geo[country].map((r) => [country, r.code, r.name]),
      );
      await insertRows(
        client,
        "cities",
        ["country", "region", "name", "province"],
        geo[country].flatMap((r) => r.cities.map((city) => [country, r.code, city.name, city.province])),
      );
    }

    const angelRows: unknown[][] = [];
    // Ids go up: the same assignment as the portrait seeding's (seed-photos.ts), which reads the rows back.
    const nextLook = lookAssigner();
    let id = 0;
    for (const country of countries) {
      const rand = prng(country.charCodeAt(0) * 7919 + country.charCodeAt(1));
      const regionList = geo[country];
      for (let n = 0; n < angelsPerCountry; n++) {
        id++;
        // Every region gets angels: the first ones go round the regions, the rest are random.
        const region =
          n < regionList.length ? (regionList[n] as (typeof regionList)[number]) : pick(rand, regionList);
        const city = pick(rand, region.cities);
        const lang = country;
        const sentences = descriptionSentences[lang];
        const description = [pick(rand, sentences), pick(rand, sentences), pick(rand, sentences)]
          .filter((s, i, all) => all.indexOf(s) === i)
          .join(" ");
        // A tenth of the profiles are men, for members whose cerco is uomo.
        const gender = n % 10 === 9 ? "uomo" : "donna";
        angelRows.push([
          id,
          country,
          region.code,
          city.name,
          gender,
          pick(rand, femaleNames[country]),
          pick(rand, aboutLines[lang]),
          description,
          19 + Math.floor(rand() * 42),
          nextLook({ country, region: region.code, gender }).hairColour,
          155 + Math.floor(rand() * 30),
          48 + Math.floor(rand() * 30),
          // Only numbers reserved for fiction, or none (the draw stays, so the later columns do not change).
          fictionalPhone(country, Math.floor(rand() * 1e9)),
          Math.floor(rand() * 0x7fffffff),
        ]);
      }
    }
    await insertRows(
      client,
      "angels",
      [
        "id",
        "country",
        "region",
        "city",
        "gender",
        "screen_name",
        "about",
        "description",
        "age",
        "hair_color",
        "height",
        "weight",
        "phone",
        "shuffle_key",
      ],
      angelRows,
    );

    for (const [fluxId, config] of Object.entries(seedFlows)) {
      await client.query("insert into flows (flux_id, config) values ($1, $2)", [
        fluxId,
        JSON.stringify(config),
      ]);
      const positions = new Map<string, number>();
      await insertRows(
        client,
        "rate_plans",
        [
          "flux_id",
          "list",
          "position",
          "product_id",
          "nome_piano",
          "prezzo",
          "prezzo_totale",
          "crediti",
          "premium_level",
          "first_selling",
          "renewal_days",
        ],
        plans.map(([list, productId, name, price, credits, level, firstSelling, renewalDays]) => {
          const position = (positions.get(list) ?? 0) + 1;
          positions.set(list, position);
          return [
            fluxId,
            list,
            position,
            productId,
            name,
            price,
            price,
            credits,
            level,
            firstSelling ?? false,
            renewalDays ?? null,
          ];
        }),
      );
    }

    // The plans' price history (a trigger kept each plan's price as of now): the first-selling Starter was sold
    // at twice its price until REDUCED_DAYS_AGO, so its price is a reduction with a true reference (the lowest
    // price of the 30 days before it), which the plans page shows with its badge. No other plan had another price.
    const reductions = plans.filter(([, , , , , , firstSelling]) => firstSelling);
    for (const fluxId of Object.keys(seedFlows)) {
      for (const [, productId, , price] of reductions) {
        await client.query(
          `insert into rate_plan_prices (flux_id, product_id, prezzo, prezzo_totale, currency, valid_from)
           values ($1, $2, $3, $3, 'EUR', now() - make_interval(days => $4)),
                  ($1, $2, $5, $5, 'EUR', now() - make_interval(days => $6))`,
          [fluxId, productId, price * 2, FULL_PRICE_DAYS_AGO, price, REDUCED_DAYS_AGO],
        );
      }
    }

    await insertRows(
      client,
      "testimonials",
      ["language", "utente", "genere", "eta", "recensione", "stelle", "nome_immagine", "is_sample"],
      Object.entries(sampleTestimonials).flatMap(([language, list]) =>
        list.map((t) => [language, t.author, t.gender, t.age, t.review, t.stars, t.imageName, true]),
      ),
    );
    await insertRows(
      client,
      "operators",
      ["email", "password_hash", "display_name", "role", "brand_ids", "capacity", "language"],
      demoOperators.map((o) => [
        o.email,
        o.passwordHash,
        o.displayName,
        o.role,
        o.brands,
        o.capacity,
        o.language,
      ]),
    );
    for (const [angelId, notes] of Object.entries(demoPersonaNotes)) {
      // Only for angels this seed wrote (a smaller angel count has fewer ids).
      await client.query(
        "insert into angel_persona_notes (angel_id, notes) select id, $2 from angels where id = $1",
        [Number(angelId), notes],
      );
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}

/** True when the database has no demo data yet. */
export async function isEmpty(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: string }>("select count(*) as n from flows");
  return Number(rows[0]?.n ?? 0) === 0;
}
