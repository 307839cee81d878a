// The legal pages state the member's rights as the code runs them: the privacy page each retention period
// of the typed config (worker/privacy/rights.config.ts) and the deletion's grace period; the terms the right
// of withdrawal with the function's label as the law words it, and its 14 days. A changed period fails here
// until the texts say the same.
import { describe, expect, it } from "vitest";
import type { PublicBrand } from "../../worker/contracts/brand";
import { locales } from "../../worker/contracts/locales";
import { WITHDRAWAL_DAYS } from "../../worker/contracts/withdrawal";
import { renderLegalPage } from "../../worker/legal/legal-copy";
import { WITHDRAW_LABEL } from "../../worker/mail/rights-templates";
import { DELETION_GRACE_DAYS, RETENTION } from "../../worker/privacy/rights.config";

const brand = {
  title: "Amore",
  company_name: "Demo",
  company_address: "Via 1",
  vat: "IT1",
  email: "care@example.com",
  tel: "+39 02 1234 5678",
  domain: "amore.example",
} as PublicBrand;

/** The periods as the privacy page writes them: a number, then the unit's word in the language. */
const units = {
  it: { days: "giorni", day: "giorno", years: "anni" },
  en: { days: "days", day: "day", years: "years" },
  es: { days: "días", day: "día", years: "años" },
  fr: { days: "jours", day: "jour", years: "ans" },
} as const;

describe.each(locales)("the %s legal pages", (language) => {
  const privacy = renderLegalPage(brand, "privacy", language);
  const terms = renderLegalPage(brand, "terms", language);
  const u = units[language];

  it("state every retention period and the deletion's grace period", () => {
    expect(privacy).toContain(`${DELETION_GRACE_DAYS} ${u.days}`);
    expect(privacy).toContain(`${RETENTION.paymentRecordYears} ${u.years}`);
    expect(privacy).toContain(`${RETENTION.eventsDays} ${u.days}`);
    expect(privacy).toContain(`${RETENTION.mailLogDays} ${u.days}`);
    expect(privacy).toContain(`${RETENTION.notificationLogDays} ${u.days}`);
    expect(privacy).toContain(`${RETENTION.unverifiedAccountDays} ${u.days}`);
    expect(privacy).toContain(`${RETENTION.expiredCodesDays} ${u.day}`);
    expect(privacy).toContain(`${RETENTION.auditDays / 365} ${u.years}`);
  });

  it("describe the right of withdrawal with its function's label and its days", () => {
    expect(terms).toContain(WITHDRAW_LABEL[language]);
    expect(terms).toContain(`${WITHDRAWAL_DAYS} ${u.days}`);
  });
});
