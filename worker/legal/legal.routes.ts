// The public pages' API: the legal texts (spec: POST legal {p, d, l} answering HTML) and the contact form,
// delivered to the brand's customer care through the mailer.
import { createRoute, z } from "@hono/zod-openapi";
import { hostName } from "../brands/resolve";
import { ContactRequest, contactFields, contactProblems, LegalRequest } from "../contracts/legal";
import { AppError } from "../core/errors";
import { logEvent } from "../core/log";
import { errorResponse, featureApp, json, jsonBody, OkResult } from "../core/openapi";
import { sendMail } from "../mail/mail.service";
import { clientIp, consume } from "../ratelimit/rate-limit.service";
import { renderLegalPage } from "./legal-copy";

const legal = createRoute({
  method: "post",
  path: "/legal",
  tags: ["legal"],
  summary: "A legal page's text (faq, cookie, privacy, terms, features) as HTML, with the brand's company",
  request: jsonBody(LegalRequest),
  responses: {
    200: { description: "the page's HTML fragment", content: { "text/html": { schema: z.string() } } },
    400: errorResponse("p is not one of the five pages, l not a language, or d not this site's domain"),
  },
});

const contact = createRoute({
  method: "post",
  path: "/api/contact",
  tags: ["legal"],
  summary: "The contact form: the message goes to the brand's customer-care address",
  request: jsonBody(ContactRequest),
  responses: {
    200: { description: "delivered (or kept in the local outbox)", ...json(OkResult) },
    400: errorResponse("email or message invalid (messageKey says which text to show)"),
    429: errorResponse("too many messages from this network"),
    503: errorResponse("customer care's address refuses mail (a configuration fault); nothing was sent"),
  },
});

export const legalRoutes = featureApp()
  .openapi(legal, (c) => {
    const { p, d, l } = c.req.valid("json");
    const brand = c.var.brand;
    // The pages are the serving brand's: another brand's domain here is a wrong request, not its texts.
    if (![...brand.hosts, brand.public.domain].includes(hostName(d))) {
      throw new AppError(400, "invalid_input", "d: not this site's domain", { field: "d" });
    }
    return c.html(renderLegalPage(brand.public, p, l), 200);
  })
  .openapi(contact, async (c) => {
    const body = c.req.valid("json");
    const [bad] = contactProblems(body);
    if (bad) {
      throw new AppError(400, "invalid_input", `${bad}: invalid`, {
        field: bad,
        messageKey: contactFields[bad],
      });
    }
    if (!(await consume(c.env, "contactPerIp", clientIp(c.req.raw)))) {
      throw new AppError(429, "too_many_attempts", "Too many messages from this network, try later.", {
        messageKey: "contact_troppi",
      });
    }
    const brand = c.var.brand;
    const sender = body.email.replace(/\s/g, "");
    const result = await sendMail(
      { config: c.var.config, db: c.var.db, brand },
      {
        template: "contact",
        to: brand.public.email,
        language: brand.public.language,
        link: `mailto:${encodeURIComponent(sender)}`,
        facts: { sender, message: body.message.trim() },
        replyTo: sender,
      },
    );
    // Customer care's own address refusing mail is a configuration fault to see at once; the visitor is told
    // it did not go, and the form keeps the message.
    if (result === "suppressed") {
      logEvent("error", "contact.care_address_suppressed", { brand: brand.public.id });
      throw new AppError(503, "contact_unavailable", "The message could not be delivered, try later.", {
        messageKey: "errore_generico",
      });
    }
    return c.json({ result: "OK" as const }, 200);
  });
