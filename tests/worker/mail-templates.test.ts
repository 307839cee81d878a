import { describe, expect, it } from "vitest";
import type { Brand } from "../../worker/brands/brand";
import { type Locale, locales } from "../../worker/contracts/locales";
import { type MailFacts, type MailTemplate, mailTemplates, renderMail } from "../../worker/mail/templates";
import { testBrands } from "../fixtures/config";
import { outbox, send, uniqueAddress } from "../fixtures/mail";

/** What every language must say in each mail (a phrase a translator would recognise). */
const phrases: Record<MailTemplate, Record<Locale, string[]>> = {
  activation: {
    it: ["Conferma", "indirizzo e-mail"],
    en: ["Confirm", "e-mail address"],
    es: ["Confirma", "correo electrónico"],
    fr: ["Confirmez", "adresse e-mail"],
  },
  reset_password: {
    it: ["password", "un’ora", "una sola volta", "ignora questa e-mail"],
    en: ["password", "one hour", "only once", "ignore this e-mail"],
    es: ["contraseña", "una hora", "una vez", "ignora este correo"],
    fr: ["mot de passe", "une heure", "une seule fois", "ignorez cet e-mail"],
  },
  welcome: {
    it: ["benvenuto"],
    en: ["Welcome"],
    es: ["bienvenida"],
    fr: ["Bienvenue"],
  },
  // The payment mails state the plan, the amount and the date they are sent with (FACTS).
  refund: {
    it: ["VIP Gold", "12,34 €", "rimborsato"],
    en: ["VIP Gold", "12,34 €", "refunded"],
    es: ["VIP Gold", "12,34 €", "reembolsado"],
    fr: ["VIP Gold", "12,34 €", "remboursé"],
  },
  renewed: {
    it: ["VIP Gold", "12,34 €", "1 gennaio 2027", "disdire"],
    en: ["VIP Gold", "12,34 €", "1 gennaio 2027", "unsubscribe"],
    es: ["VIP Gold", "12,34 €", "1 gennaio 2027", "darte de baja"],
    fr: ["VIP Gold", "12,34 €", "1 gennaio 2027", "désabonner"],
  },
  renewal_failed: {
    it: ["VIP Gold", "12,34 €", "1 gennaio 2027", "Riproveremo"],
    en: ["VIP Gold", "12,34 €", "1 gennaio 2027", "try again"],
    es: ["VIP Gold", "12,34 €", "1 gennaio 2027", "intentaremos de nuevo"],
    fr: ["VIP Gold", "12,34 €", "1 gennaio 2027", "réessaierons"],
  },
  // The contact form's message to customer care names its sender and keeps the message.
  contact: {
    it: ["visitor@example.com", "Vorrei disdire", "modulo contatti"],
    en: ["visitor@example.com", "Vorrei disdire", "contact form"],
    es: ["visitor@example.com", "Vorrei disdire", "formulario de contacto"],
    fr: ["visitor@example.com", "Vorrei disdire", "formulaire de contact"],
  },
  subscription_ended: {
    it: ["VIP Gold", "non ti addebiteremo"],
    en: ["VIP Gold", "will not charge you"],
    es: ["VIP Gold", "no te cobraremos"],
    fr: ["VIP Gold", "ne vous débiterons plus"],
  },
  // The member's rights: the archive's link and its expiry, the deletion's code, its date and the way back.
  data_export: {
    it: ["una sola volta", "1 gennaio 2027"],
    en: ["opens once", "1 gennaio 2027"],
    es: ["una sola vez", "1 gennaio 2027"],
    fr: ["une seule fois", "1 gennaio 2027"],
  },
  deletion_code: {
    it: ["482913", "15 minuti"],
    en: ["482913", "15 minutes"],
    es: ["482913", "15 minutos"],
    fr: ["482913", "15 minutes"],
  },
  deletion_requested: {
    it: ["1 gennaio 2027", "Accedi prima"],
    en: ["1 gennaio 2027", "Log in before"],
    es: ["1 gennaio 2027", "Inicia sesión antes"],
    fr: ["1 gennaio 2027", "Connectez-vous avant"],
  },
  // The contract's confirmation carries the withdrawal function, worded as art. 11a asks, with its deadline.
  purchase: {
    it: ["4711", "VIP Gold", "12,34 €", "recedi dal contratto qui", "14 giorni"],
    en: ["4711", "VIP Gold", "12,34 €", "withdraw from contract here", "14 days"],
    es: ["4711", "VIP Gold", "12,34 €", "desistir del contrato aquí", "14 días"],
    fr: ["4711", "VIP Gold", "12,34 €", "se rétracter du contrat ici", "14 jours"],
  },
  // The acknowledgement: the contract, the date and time of the withdrawal, the refund.
  withdrawal_received: {
    it: ["4711", "VIP Gold", "1 gennaio 2027", "12,34 €"],
    en: ["4711", "VIP Gold", "1 gennaio 2027", "12,34 €"],
    es: ["4711", "VIP Gold", "1 gennaio 2027", "12,34 €"],
    fr: ["4711", "VIP Gold", "1 gennaio 2027", "12,34 €"],
  },
  // The notification digest: its lines, and the way to stop it.
  notification_digest: {
    it: ["• 2 new messages from Giulia", "Disattivali qui", "https://example.com/unsubscribe"],
    en: ["• 2 new messages from Giulia", "Turn them off here", "https://example.com/unsubscribe"],
    es: ["• 2 new messages from Giulia", "Desactívalos aquí", "https://example.com/unsubscribe"],
    fr: ["• 2 new messages from Giulia", "Désactivez-les ici", "https://example.com/unsubscribe"],
  },
};

/** The facts a payment mail is sent with, as the sender formats them (and a contact message's). */
const FACTS = {
  plan: "VIP Gold",
  amount: "12,34 €",
  date: "1 gennaio 2027",
  sender: "visitor@example.com",
  message: "Vorrei disdire il piano.",
  code: "482913",
  contract: "4711",
  purchased: "20 dicembre 2026",
  performance: "—",
  refund: "—",
  withdrawal: "https://example.com/profile#withdraw",
  withdrawalDays: "14",
  digest: "• 2 new messages from Giulia",
  unsubscribe: "https://example.com/unsubscribe",
};

const fictional: Record<Locale, string> = {
  it: "sono fittizi e gestiti da operatori",
  en: "are fictional and run by operators",
  es: "son ficticios y están gestionados por operadores",
  fr: "sont fictifs et gérés par des opérateurs",
};

describe("templates", () => {
  const cases = mailTemplates.flatMap((template) => locales.map((language) => [template, language] as const));

  it.each(cases)(
    "%s in %s is kept with the brand's sender, the link, the footer",
    async (template, language) => {
      const brand = testBrands.amorespana;
      const to = uniqueAddress(`tpl-${template}-${language}`);
      const link = `https://amorespana.example/confirmEmail?token=ab~cd*ef&lang=${language}`;
      expect(await send({ template, to, language, link, facts: FACTS }, { brand })).toBe("kept");
      const [mail, ...rest] = await outbox(to);
      expect(rest).toHaveLength(0);
      if (!mail) throw new Error("not kept");
      expect(mail).toMatchObject({ brandId: "amorespana", template, language, to });
      expect(mail.from).toBe("Amor España <noreply@amorespana.example>");
      expect(mail.subject).toContain("Amor España");
      for (const part of [mail.text, mail.html]) {
        for (const phrase of phrases[template][language]) expect(part).toContain(phrase);
        expect(part).toContain(fictional[language]);
        expect(part).toContain("Demo Dating Ltd");
        expect(part).toContain("Via Esempio 1, 20100 Milano, Italia");
      }
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
      expect(mail.html).not.toContain(link);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain("background-color:#c2410c");
    },
  );

  it("has a distinct subject and body in every language", () => {
    for (const template of mailTemplates) {
      const rendered = locales.map((language) =>
        renderMail({
          brand: testBrands.lovechat,
          template,
          language,
          to: "a@example.com",
          link: "https://x.example/",
          facts: FACTS,
        }),
      );
      expect(new Set(rendered.map((r) => r.subject)).size).toBe(locales.length);
      expect(new Set(rendered.map((r) => r.text)).size).toBe(locales.length);
    }
  });

  it("escapes every dynamic value in the HTML part", () => {
    const evil: Brand = {
      ...testBrands.lovechat,
      public: {
        ...testBrands.lovechat.public,
        title: `Evil <script>alert("title")</script>`,
        company_name: "<b>Corp</b>",
        company_address: `1 "Quote" St <img src=x onerror=alert(1)>`,
        tema: { ...testBrands.lovechat.public.tema, primary: "red;background:url(javascript:alert(1))" },
      },
    };
    for (const template of mailTemplates) {
      const { html, text, subject } = renderMail({
        brand: evil,
        template,
        language: "en",
        to: `<script>x</script>@example.com`,
        link: `https://x.example/?q="><script>alert('link')</script>`,
        facts: FACTS,
      });
      expect(html).not.toMatch(/<script|<img|<b>|javascript:/i);
      expect(html).toContain("Evil &lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;");
      expect(html).toContain("&lt;b&gt;Corp&lt;/b&gt;");
      expect(html).toContain('href="https://x.example/?q=&quot;&gt;&lt;script&gt;alert(&#39;link&#39;)');
      // The plain-text part and the subject are not HTML: they keep the values as they are.
      expect(subject).toContain("Evil <script>");
      expect(text).toContain(`https://x.example/?q="><script>alert('link')</script>`);
    }
  });

  it("refuses a payment mail without the plan, amount or date it states, rather than print an empty slot", () => {
    const render = (template: MailTemplate, facts?: MailFacts) => () =>
      renderMail({
        brand: testBrands.lovechat,
        template,
        language: "en",
        to: "a@example.com",
        link: "https://x.example/",
        facts,
      });
    expect(render("refund")).toThrow(/refund mail needs plan, amount/);
    expect(render("renewed", { ...FACTS, date: " " })).toThrow(/renewed mail needs date/);
    expect(render("subscription_ended", { plan: "VIP Gold" })).not.toThrow();
    expect(render("welcome")).not.toThrow();
  });

  it("refuses a link that is not an absolute http(s) URL", () => {
    expect(() =>
      renderMail({
        brand: testBrands.lovechat,
        template: "welcome",
        language: "en",
        to: "a@example.com",
        link: "javascript:alert(1)",
      }),
    ).toThrow(/http/);
  });
});
