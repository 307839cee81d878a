// The public pages: the home footer's legal links and card logos, the five legal pages (the Worker's texts
// with the brand's company), the contact form (the thank-you after the spec's 0.5 s, the message in the
// outbox), the sign-up consents' links and the Spanish home's blurred teasers.
import {
  expect,
  expectAccessible,
  oneMarketPerWidth,
  origin,
  outbox,
  shot,
  test,
  uniqueEmail,
} from "./helpers";

const text = {
  it: {
    titles: {
      faq: "Domande frequenti",
      features: "Funzionalità",
      terms: "Termini e condizioni",
      privacy: "Informativa privacy",
      cookie: "Cookie policy",
    },
    footer: { faq: "FAQ", terms: "Termini", privacy: "Privacy", cookie: "Cookie", contact: "Contatti" },
    legalNav: "Informazioni legali",
    back: "Indietro",
    sample: "Testo di esempio",
    featuresLink: "le funzionalità",
    contact: "Contattaci",
    email: "La tua e-mail",
    message: "Messaggio",
    send: "Invia",
    badEmail: "Inserisci un indirizzo e-mail valido",
    noMessage: "Scrivi il tuo messaggio",
    thanks: "Grazie! Il tuo messaggio è arrivato all'assistenza clienti",
    signup: { terms: "Termini e condizioni", privacy: "Informativa privacy" },
  },
  en: {
    titles: {
      faq: "Frequently asked questions",
      features: "Features",
      terms: "Terms and conditions",
      privacy: "Privacy policy",
      cookie: "Cookie policy",
    },
    footer: { faq: "FAQ", terms: "Terms", privacy: "Privacy", cookie: "Cookies", contact: "Contact" },
    legalNav: "Legal information",
    back: "Back",
    sample: "Sample text",
    featuresLink: "the features",
    contact: "Contact us",
    email: "Your e-mail",
    message: "Message",
    send: "Send",
    badEmail: "Enter a valid e-mail address",
    noMessage: "Write your message",
    thanks: "Thank you! Your message has reached customer care",
    signup: { terms: "Terms and conditions", privacy: "Privacy policy" },
  },
} as const;

for (const { market, width } of oneMarketPerWidth("it", "en")) {
  test(
    `${market}: home footer → every legal page → contact form, thank-you after 0.5 s, mail in the outbox; consents' links`,
    width,
    async ({ page, request }) => {
      const t = text[market];
      await page.clock.install();
      await page.goto(`${origin(market)}/`);
      const footer = page.getByTestId("home-footer");
      const legalNav = footer.getByRole("navigation");
      await expect(legalNav.getByRole("link")).toHaveText(Object.values(t.footer));
      for (const alt of ["Visa", "Mastercard", "American Express", "Discover"]) {
        await expect(footer.getByRole("img", { name: alt })).toBeVisible();
      }
      await expect(footer).toContainText("Demo Dating Ltd");
      await expectAccessible(page, "the home page");
      await shot(page, "home-footer");

      // The FAQ from the footer, the features from the FAQ's text, then the others from the page's own footer.
      const legal = page.getByTestId("legal-page");
      await legalNav.getByRole("link", { name: t.footer.faq }).click();
      await expect(page).toHaveURL(/\/legal\/faq$/);
      await expect(legal.getByRole("heading", { level: 1 })).toHaveText(t.titles.faq);
      await expect(legal).toContainText(t.sample);
      await legal.getByRole("link", { name: t.featuresLink }).click();
      await expect(page).toHaveURL(/\/legal\/features$/);
      await expect(legal.getByRole("heading", { level: 1 })).toHaveText(t.titles.features);
      for (const key of ["privacy", "cookie", "terms"] as const) {
        await page
          .getByRole("navigation", { name: t.legalNav })
          .getByRole("link", { name: t.footer[key] })
          .click();
        await expect(page).toHaveURL(new RegExp(`/legal/${key}$`));
        await expect(legal.getByRole("heading", { level: 1 })).toHaveText(t.titles[key]);
        // The brand's company closes every page, its care address as a mail link.
        await expect(legal).toContainText("Via Esempio 1, 20100 Milano, Italia");
        await expect(legal.locator('a[href^="mailto:"]').last()).toBeVisible();
      }
      await expect(legal.locator('a[href="/unsubscribe"]')).toBeVisible();
      // The tab (and a member's top bar on a phone) names the page.
      await expect(page).toHaveTitle(new RegExp(`^${t.titles.terms} – `));
      await expectAccessible(page, "the terms page");
      await shot(page, "legal-terms");
      // The way back, above the text: to the page the visitor came from (the cookie policy).
      const back = page.getByRole("link", { name: t.back });
      const [backBox, textBox] = [await back.boundingBox(), await legal.boundingBox()];
      expect(backBox && textBox && backBox.y + backBox.height <= textBox.y).toBe(true);
      await back.click();
      await expect(page).toHaveURL(/\/legal\/cookie$/);
      await expect(legal.getByRole("heading", { level: 1 })).toHaveText(t.titles.cookie);

      // Contact: the company, then a form that keeps what was typed until it is right.
      await page
        .getByRole("navigation", { name: t.legalNav })
        .getByRole("link", { name: t.footer.contact })
        .click();
      await expect(page).toHaveURL(/\/contactUs$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.contact);
      const company = page.getByTestId("contact-company");
      await expect(company).toContainText("Demo Dating Ltd");
      const care = (await company.locator('a[href^="mailto:"]').textContent()) ?? "";
      expect(care).toMatch(/@/);
      const send = page.getByRole("button", { name: t.send });
      await send.click();
      await expect(page.getByText(t.badEmail)).toBeVisible();
      await expect(page.getByText(t.noMessage)).toBeVisible();
      const note = `Vorrei informazioni ${Date.now()} (${market})`;
      await page.getByRole("textbox", { name: t.email }).fill("not an address");
      await page.getByRole("textbox", { name: t.message, exact: true }).fill(note);
      await send.click();
      await expect(page.getByText(t.badEmail)).toBeVisible();
      await expect(page.getByRole("textbox", { name: t.message, exact: true })).toHaveValue(note);
      await expectAccessible(page, "the contact page with its errors");
      await shot(page, "contact-errors");

      const sender = uniqueEmail("contact");
      await page.getByRole("textbox", { name: t.email }).fill(sender);
      // The page's time stands still from here: the thank-you waits for the spec's 0.5 s of it.
      await page.clock.pauseAt(new Date(Date.now() + 2_000));
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
      await send.click();
      expect((await answered).status()).toBe(200);
      const thanks = page.getByText(t.thanks);
      await expect(thanks).toHaveCount(0);
      await page.clock.runFor(499);
      await expect(thanks).toHaveCount(0);
      await page.clock.runFor(1);
      await expect(thanks).toBeVisible();
      await page.clock.resume();
      await shot(page, "contact-thanks");
      await expect
        .poll(
          async () => (await outbox(request, market, care)).find((m) => m.text.includes(note))?.text ?? "",
        )
        .toContain(sender);

      // The sign-up's consents link to what they ask to accept, in a new tab (the form stays as it is).
      await page.goto(`${origin(market)}/signup`);
      const consents = page.locator(".consents");
      await expect(consents.getByRole("link", { name: new RegExp(`^${t.signup.terms}`) })).toHaveCount(2);
      await expect(consents.getByRole("link", { name: new RegExp(`^${t.signup.privacy}`) })).toHaveCount(3);
      await shot(page, "signup-consents");
      const [privacy] = await Promise.all([
        page.waitForEvent("popup"),
        consents
          .getByRole("link", { name: new RegExp(`^${t.signup.privacy}`) })
          .first()
          .click(),
      ]);
      await expect(privacy).toHaveURL(/\/legal\/privacy$/);
      await expect(privacy.getByTestId("legal-page")).toContainText("Mailgun");
      await privacy.close();
    },
  );
}

test("es: the home's two blurred teaser grids of sample profiles, hidden from screen readers", async ({
  page,
}) => {
  await page.goto(`${origin("es")}/`);
  const teasers = page.getByTestId("home-teasers");
  await expect(teasers).toHaveCount(2);
  await expect(teasers.first().getByRole("heading")).toHaveText("Perfiles cerca de ti");
  for (const grid of await teasers.all()) {
    await expect(grid).toContainText("Perfiles de ejemplo, difuminados");
    await expect(grid.locator(".teaser")).toHaveCount(6);
    await expect(grid.locator(".teaser .spinner")).toHaveCount(6);
    await expect(grid.locator(".teaser-grid")).toHaveAttribute("aria-hidden", "true");
  }
  await expectAccessible(page, "the Spanish home page");
  await shot(page, "home-es");
  // Another legal key is any other path: home for a visitor.
  await page.goto(`${origin("es")}/legal/secrets`);
  await expect(page).toHaveURL(`${origin("es")}/`);
  // The other brands' homes have none.
  await page.goto(`${origin("it")}/`);
  await expect(page.locator(".hero")).toBeVisible();
  await expect(page.getByTestId("home-teasers")).toHaveCount(0);
});
