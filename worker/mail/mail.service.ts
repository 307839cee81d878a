import { desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { mailOutbox, mailSent, mailSuppressions } from "../../drizzle/schema/mail";
import type { Brand } from "../brands/brand";
import type { Config } from "../config";
import type { Locale } from "../contracts/locales";
import type { Db } from "../core/db";
import { logEvent } from "../core/log";
import { mayUseForMarketing } from "../privacy/consents.service";
import { type MailFacts, type MailTemplate, renderMail } from "./templates";

/** A send that Mailgun has not accepted within this time fails rather than holding the request. */
export const MAILGUN_TIMEOUT_MS = 10_000;

export interface MailContext {
  config: Config;
  db: Db;
  brand: Brand;
}

export interface OutgoingMail {
  template: MailTemplate;
  to: string;
  language: Locale;
  /** The confirmation, reset or site link the mail is about (absolute http(s) URL). */
  link: string;
  /** What a payment mail states: the plan, the amount and the date, already formatted for the language. */
  facts?: MailFacts;
  /** The member it goes to, if any: a `mail_sent` row records when this template last went out. */
  accountId?: number;
  /** Where answers go (the contact form's sender); the mail's own text names it too. */
  replyTo?: string;
  /**
   * A marketing mail (an offer, a promotion): it goes only to a member who consents to promotions by e-mail
   * (worker/privacy/consents.service.ts), so it needs `accountId`. Service mails leave it unset.
   */
  marketing?: true;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post); names and values are the sender's, never input. */
  headers?: Record<string, string>;
}

/** "sent" through Mailgun, "kept" in the local outbox, or "suppressed" (the address opted out). */
export type SendResult = "sent" | "kept" | "suppressed";

/** Mailgun's documented answer to POST /v3/{domain}/messages. */
const MailgunAccepted = z.object({ id: z.string(), message: z.string() });

/**
 * Sends one transactional mail from the brand's sender. A suppressed address gets nothing. With Mailgun
 * configured the mail goes through its HTTP API; without it, local runs keep it in `mail_outbox` and
 * production refuses (throws) rather than dropping it silently. Logs never carry the address, body or link.
 */
export async function sendMail(ctx: MailContext, mail: OutgoingMail): Promise<SendResult> {
  const { config, db, brand } = ctx;
  const fields = { template: mail.template, brand: brand.public.id, accountId: mail.accountId };
  const address = mail.to.trim();

  if (mail.marketing) {
    const allowed =
      mail.accountId !== undefined && (await mayUseForMarketing(db, mail.accountId, "promotions", "email"));
    if (!allowed) {
      logEvent("info", "mail.no_marketing_consent", fields);
      return "suppressed";
    }
  }

  const [suppressed] = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, address.toLowerCase()));
  if (suppressed) {
    logEvent("info", "mail.suppressed", fields);
    return "suppressed";
  }

  const from = brand.server.mailFrom;
  const rendered = renderMail({
    brand,
    template: mail.template,
    language: mail.language,
    to: address,
    link: mail.link,
    facts: mail.facts,
  });

  let result: SendResult;
  if (config.mailgun) {
    const messageId = await postToMailgun(
      config.mailgun,
      {
        ...mailgunMessage(from, address, rendered, mail.template),
        ...(mail.replyTo ? { "h:Reply-To": mail.replyTo } : {}),
        ...Object.fromEntries(
          Object.entries(mail.headers ?? {}).map(([name, value]) => [`h:${name}`, value]),
        ),
      },
      fields,
    );
    logEvent("info", "mail.sent", { ...fields, messageId });
    result = "sent";
  } else if (config.local) {
    await db.insert(mailOutbox).values({
      brandId: brand.public.id,
      template: mail.template,
      language: mail.language,
      from,
      to: address,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: mail.headers ?? null,
    });
    logEvent("info", "mail.kept", fields);
    result = "kept";
  } else {
    logEvent("error", "mail.not_configured", fields);
    throw new Error("Mail is not configured: set MAILGUN_API_KEY and MAILGUN_DOMAIN");
  }

  if (mail.accountId !== undefined) {
    await db.insert(mailSent).values({ accountId: mail.accountId, template: mail.template });
  }
  return result;
}

/** POST /v3/{domain}/messages with HTTP Basic auth `api:{key}`; answers Mailgun's message id. */
async function postToMailgun(
  account: NonNullable<Config["mailgun"]>,
  message: Record<string, string>,
  fields: Record<string, unknown>,
): Promise<string> {
  const base = account.apiBase.replace(/\/+$/, "");
  const form = new FormData();
  for (const [name, value] of Object.entries(message)) form.append(name, value);
  let response: Response;
  try {
    response = await fetch(`${base}/v3/${encodeURIComponent(account.domain)}/messages`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`api:${account.apiKey}`)}` },
      body: form,
      signal: AbortSignal.timeout(MAILGUN_TIMEOUT_MS),
    });
  } catch (error) {
    logEvent("error", "mail.mailgun_unreachable", {
      ...fields,
      error: error instanceof Error ? error.name : "unknown",
    });
    throw new Error("Mailgun could not be reached");
  }
  // Mailgun's error bodies may quote the parameters (the address), so only the status is logged.
  if (!response.ok) {
    await response.body?.cancel();
    logEvent("error", "mail.mailgun_refused", { ...fields, status: response.status });
    throw new Error(`Mailgun refused the message (HTTP ${response.status})`);
  }
  const parsed = MailgunAccepted.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    logEvent("error", "mail.mailgun_unexpected_answer", { ...fields, status: response.status });
    throw new Error("Mailgun answered without a message id");
  }
  return parsed.data.id;
}

/** A rendered mail as Mailgun's messages API takes it, tagged with its template. */
const mailgunMessage = (
  from: string,
  to: string,
  rendered: { subject: string; text: string; html: string },
  template: string,
): Record<string, string> => ({
  from,
  to,
  subject: rendered.subject,
  text: rendered.text,
  html: rendered.html,
  "o:tag": template,
});

/** A transaction of the caller's, or the request's database. */
type Writer = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A service mail recorded by `recordMail`, for Mailgun once the caller's transaction has committed. */
export interface MailDelivery {
  message: Record<string, string>;
  fields: Record<string, unknown>;
}

/**
 * A service mail recorded inside the caller's transaction, so that it is written once exactly when what it
 * confirms is (a purchase's grant): the suppression checked, the `mail_sent` row, and on a local run the
 * outbox's copy. What Mailgun must still be sent comes back, for `deliverMail` after the commit; null when
 * nothing is left to send (suppressed, or kept in the local outbox). Production without Mailgun throws, as
 * sendMail does, and the caller's transaction with it.
 */
export async function recordMail(
  tx: Writer,
  ctx: Omit<MailContext, "db">,
  mail: Omit<OutgoingMail, "marketing" | "replyTo">,
): Promise<MailDelivery | null> {
  const record = mailRecord(ctx, mail);
  const { rows } = await tx.execute<MailRecordRow>(record.statement);
  return record.outcome(rows);
}

/** What a mail record's statement answers: whether the address is suppressed (nothing was written). */
export type MailRecordRow = { suppressed: boolean };

/**
 * recordMail's one statement (rendered now), and what its answer means, for a caller that sends the statement
 * with others in one transaction.
 */
export function mailRecord(
  ctx: Omit<MailContext, "db">,
  mail: Omit<OutgoingMail, "marketing" | "replyTo">,
): { statement: SQL; outcome: (rows: MailRecordRow[]) => MailDelivery | null } {
  const { config, brand } = ctx;
  const fields = { template: mail.template, brand: brand.public.id, accountId: mail.accountId };
  const address = mail.to.trim();
  if (!config.mailgun && !config.local) {
    logEvent("error", "mail.not_configured", fields);
    throw new Error("Mail is not configured: set MAILGUN_API_KEY and MAILGUN_DOMAIN");
  }
  const from = brand.server.mailFrom;
  const rendered = renderMail({
    brand,
    template: mail.template,
    language: mail.language,
    to: address,
    link: mail.link,
    facts: mail.facts,
  });
  // The suppression's check, the mail_sent row and the outbox's copy in one statement (one round trip of the
  // caller's transaction): nothing is written for a suppressed address.
  const recordsSent = mail.accountId !== undefined;
  const keepsCopy = !config.mailgun;
  // With Mailgun the copy is not kept, and its rendered text need not travel to the database.
  const copy = keepsCopy ? rendered : { subject: null, text: null, html: null };
  const statement = sql`
    with suppressed as (
      select exists (select 1 from mail_suppressions where email = ${address.toLowerCase()}) as yes
    ), sent as (
      insert into mail_sent (account_id, template)
      select ${mail.accountId ?? null}::bigint, ${mail.template} from suppressed
      where not suppressed.yes and ${recordsSent}::boolean
    ), kept as (
      insert into mail_outbox (brand_id, template, language, from_address, to_address, subject, text_body, html_body)
      select ${brand.public.id}, ${mail.template}, ${mail.language}, ${from}, ${address}, ${copy.subject}::text,
        ${copy.text}::text, ${copy.html}::text
      from suppressed where not suppressed.yes and ${keepsCopy}::boolean
    )
    select yes as suppressed from suppressed`;
  const outcome = (rows: MailRecordRow[]) => {
    if (rows[0]?.suppressed !== false) {
      logEvent("info", "mail.suppressed", fields);
      return null;
    }
    if (config.mailgun) {
      return { message: mailgunMessage(from, address, rendered, mail.template), fields };
    }
    logEvent("info", "mail.kept", fields);
    return null;
  };
  return { statement, outcome };
}

/** Sends what `recordMail` left for Mailgun; throws as sendMail does when Mailgun does not take it. */
export async function deliverMail(config: Config, delivery: MailDelivery): Promise<void> {
  if (!config.mailgun) throw new Error("Mail is not configured: set MAILGUN_API_KEY and MAILGUN_DOMAIN");
  const messageId = await postToMailgun(config.mailgun, delivery.message, delivery.fields);
  logEvent("info", "mail.sent", { ...delivery.fields, messageId });
}

/** The outbox pages show the newest mails only. */
export const OUTBOX_LIMIT = 100;

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The mails kept locally, newest first, optionally to one address (any case). */
export function outboxRows(db: Db, to: string | undefined): Promise<OutboxMail[]> {
  const query = db.select().from(mailOutbox);
  const filtered = to ? query.where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`) : query;
  return filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(OUTBOX_LIMIT);
}

/**
 * An address that bounced, unsubscribed or complained gets no more mail, and its accounts stop the
 * notification mails, together; answers those accounts.
 */
export function suppressAddress(db: Db, email: string, reason: string) {
  return db.transaction(async (tx) => {
    await tx.insert(mailSuppressions).values({ email, reason }).onConflictDoNothing();
    return tx
      .update(accounts)
      .set({ notifyEmail: false })
      .where(sql`lower(${accounts.email}) = ${email}`)
      .returning({ id: accounts.id });
  });
}
