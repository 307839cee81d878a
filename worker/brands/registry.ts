import type { BrandEntry } from "./brand";

/**
 * The closed set of brands; adding one means adding its id here and its entry below, and its logos in
 * web/public/logos/ (docs/operations.md). Each entry is checked by `npm run check` and when the Worker starts.
 */
export const brandIds = ["amoreitalia", "amorespana", "lovechat"] as const;
export type BrandId = (typeof brandIds)[number];

/** The brand served on localhost and, outside production, on unknown hosts. */
export const defaultBrandId: BrandId = "amoreitalia";

export const brands: Record<BrandId, BrandEntry> = {
  amoreitalia: {
    hosts: ["amoreitalia.example", "it.localhost"],
    public: {
      id: "amoreitalia",
      title: "Amore Italia",
      anno: 2026,
      country: "it",
      language: "it",
      logo_url: "/logos/amoreitalia.svg",
      logo_monocromo: "/logos/amoreitalia-mono.svg",
      domain: "amoreitalia.example",
      mainstream: false,
      tema: {
        primary: "#b3123a",
        primaryText: "#ffffff",
        accent: "#ff8a5b",
        background: "#fff7f5",
        surface: "#ffffff",
        text: "#2a1a1f",
      },
      affiliation: false,
      default_fluxid: "7",
      descriptor: "AMOREITALIA",
      payment_company: "demo_it",
      cartella_foto_collection: "photos/collection-it",
      cartella_foto_default: "photos/default-it",
      url_foto_utente: "/photos/users",
      nome_bot: "AmoreItaliaBot",
      // The demo's retargeting pixels (a partner's image URLs); they load only with marketing consent.
      pixels: {
        lead: "https://pixel.amoreitalia.example/lead.gif?cid={clickid}",
        tentativo: "https://pixel.amoreitalia.example/tentativo.gif?cid={clickid}",
      },
      legal_link: {
        faq: "/legal/faq",
        termini: "/legal/terms",
        privacy: "/legal/privacy",
        cookie: "/legal/cookie",
        contatti: "/contactUs",
      },
    },
    // DEMO PLACEHOLDERS: a real brand puts its own company here before going live.
    company: {
      company_name: "Demo Dating Ltd",
      company_address: "Via Esempio 1, 20100 Milano, Italia",
      vat: "IT00000000000",
      email: "assistenza@amoreitalia.example",
      tel: "+39 02 0000 0000",
      payment_accounts: { adyen: "DemoIT" },
    },
    server: {
      mailFrom: "Amore Italia <noreply@amoreitalia.example>",
      telegramTokenSecret: "TELEGRAM_TOKEN_IT",
    },
  },
  amorespana: {
    hosts: ["amorespana.example", "es.localhost"],
    public: {
      id: "amorespana",
      title: "Amor España",
      anno: 2026,
      country: "es",
      language: "es",
      logo_url: "/logos/amorespana.svg",
      logo_monocromo: "/logos/amorespana-mono.svg",
      domain: "amorespana.example",
      mainstream: false,
      tema: {
        primary: "#c2410c",
        primaryText: "#ffffff",
        accent: "#facc15",
        background: "#fffaf0",
        surface: "#ffffff",
        text: "#2b1d12",
      },
      affiliation: false,
      default_fluxid: "7",
      descriptor: "AMORESPANA",
      payment_company: "demo_es",
      cartella_foto_collection: "photos/collection-es",
      cartella_foto_default: "photos/default-es",
      url_foto_utente: "/photos/users",
      nome_bot: "AmorEspanaBot",
      legal_link: {
        faq: "/legal/faq",
        termini: "/legal/terms",
        privacy: "/legal/privacy",
        cookie: "/legal/cookie",
        contatti: "/contactUs",
      },
    },
    // DEMO PLACEHOLDERS: a real brand puts its own company here before going live.
    company: {
      company_name: "Demo Dating Ltd",
      company_address: "Via Esempio 1, 20100 Milano, Italia",
      vat: "IT00000000000",
      email: "soporte@amorespana.example",
      tel: "+34 910 000 000",
      payment_accounts: { adyen: "DemoES" },
    },
    server: {
      mailFrom: "Amor España <noreply@amorespana.example>",
      telegramTokenSecret: "TELEGRAM_TOKEN_ES",
    },
  },
  lovechat: {
    hosts: ["lovechat.example", "en.localhost"],
    public: {
      id: "lovechat",
      title: "LoveChat",
      anno: 2026,
      country: "en",
      language: "en",
      logo_url: "/logos/lovechat.svg",
      logo_monocromo: "/logos/lovechat-mono.svg",
      domain: "lovechat.example",
      mainstream: true,
      tema: {
        primary: "#4338ca",
        primaryText: "#ffffff",
        accent: "#ec4899",
        background: "#f7f7fc",
        surface: "#ffffff",
        text: "#1c1b2e",
      },
      affiliation: false,
      default_fluxid: "7",
      descriptor: "LOVECHAT",
      payment_company: "demo_en",
      cartella_foto_collection: "photos/collection-en",
      cartella_foto_default: "photos/default-en",
      url_foto_utente: "/photos/users",
      nome_bot: "LoveChatBot",
      legal_link: {
        faq: "/legal/faq",
        termini: "/legal/terms",
        privacy: "/legal/privacy",
        cookie: "/legal/cookie",
        contatti: "/contactUs",
      },
    },
    // DEMO PLACEHOLDERS: a real brand puts its own company here before going live.
    company: {
      company_name: "Demo Dating Ltd",
      company_address: "Via Esempio 1, 20100 Milano, Italia",
      vat: "IT00000000000",
      email: "support@lovechat.example",
      tel: "+44 20 0000 0000",
      payment_accounts: { adyen: "DemoEN" },
    },
    server: {
      mailFrom: "LoveChat <noreply@lovechat.example>",
      telegramTokenSecret: "TELEGRAM_TOKEN_EN",
    },
  },
};

const isBrandId = (id: string): id is BrandId => (brandIds as readonly string[]).includes(id);

/**
 * The brand of a stored id (an account's brand_id). An id that left the registry reads as the default
 * brand, so an old account still gets its pages and mails in a language.
 */
export function brandOf(id: string): BrandEntry {
  return brands[isBrandId(id) ? id : defaultBrandId];
}
