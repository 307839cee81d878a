// "Download my data" (GDPR art. 15 and 20): a zip made when its one-time link is opened, holding a readme in
// the member's language, one JSON file per table of the registry that holds their rows (personal-data.ts: the
// same walk as the erasure's, so no table is forgotten), their photos as uploaded and their receipts. Everything
// from the database is read before the answer starts; the zip is then streamed (fflate), the photos straight
// from the bucket, so the memory it takes is bounded by one photo whatever the member holds.
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { accounts } from "../../drizzle/schema/accounts";
import { pushSubscriptions } from "../../drizzle/schema/notifications";
import { memberPhotos } from "../../drizzle/schema/photos";
import { dataExports } from "../../drizzle/schema/privacy";
import { events } from "../../drizzle/schema/tracking";
import type { Brand } from "../brands/brand";
import { PACK_METADATA_KEY, parsePackIndex } from "../contracts/photos";
import type { Db } from "../core/db";
import { AppError } from "../core/errors";
import { randomToken, sha256Hex } from "../core/hmac";
import type { Bindings } from "../env";
import { receiptFiles } from "../payments/receipts.service";
import { memberPhotoKey } from "../photos/photos.service";
import { auditRight } from "./audit.service";
import { README } from "./export-readme";
import { memberTables } from "./personal-data";
import type { DataSubject } from "./personal-data-model";

/** Receipts the archive holds at most (newest first); older ones stay downloadable from the profile. */
export const EXPORT_RECEIPTS_MAX = 60;

type Account = typeof accounts.$inferSelect;

export const exportErrors = {
  tooMany: (perDay: number) =>
    new AppError(429, "too_many_exports", `At most ${perDay} archives a day: try again tomorrow.`, {
      messageKey: "dati_troppi",
      retryAfterS: 3600,
    }),
};

/** A new one-time link for the member's archive, within the daily limit. Answers its token and expiry. */
export async function createExportLink(
  db: Db,
  account: Account,
  limits: { perDay: number; ttlMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const [recent] = await db
    .select({ n: count() })
    .from(dataExports)
    .where(
      and(eq(dataExports.accountId, account.id), gt(dataExports.createdAt, sql`now() - interval '1 day'`)),
    );
  if ((recent?.n ?? 0) >= limits.perDay) throw exportErrors.tooMany(limits.perDay);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + limits.ttlMs);
  await db
    .insert(dataExports)
    .values({ accountId: account.id, tokenHash: await sha256Hex(token), expiresAt });
  await auditRight(db, "data_export", account.id, { expiresAt: expiresAt.toISOString() });
  return { token, expiresAt };
}

/** The link's account when the link is good: it is used up by this call (served once). */
export async function redeemExportLink(db: Db, token: string): Promise<Account | null> {
  const [used] = await db
    .update(dataExports)
    .set({ downloadedAt: sql`now()` })
    .where(
      and(
        eq(dataExports.tokenHash, await sha256Hex(token)),
        isNull(dataExports.downloadedAt),
        gt(dataExports.expiresAt, sql`now()`),
      ),
    )
    .returning({ accountId: dataExports.accountId });
  if (!used) return null;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, used.accountId));
  if (!account || account.erasedAt) return null;
  await auditRight(db, "data_export_downloaded", account.id, {});
  return account;
}

/** A row as the archive shows it: the registry's key, personal and record columns; times in ISO 8601. */
function exported(row: Record<string, unknown>, columns: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [key, use] of Object.entries(columns)) {
    if (use === "secret" || use === "service") continue;
    const value = row[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

interface ArchiveFile {
  name: string;
  bytes?: Uint8Array;
  /** A photo: read from the bucket while the zip streams (the slice of its pack that is the upload). */
  photoKey?: string;
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** Everything the archive holds, read now; photos are named by their bucket key and read while streaming. */
export async function archiveFiles(db: Db, brand: Brand, account: Account): Promise<ArchiveFile[]> {
  const subject: DataSubject = {
    id: account.id,
    clickid: account.clickid,
    brandId: account.brandId,
    email: account.email,
    phone: account.phone,
  };
  const b = brand.public;
  const files: ArchiveFile[] = [
    {
      name: "README.txt",
      bytes: new TextEncoder().encode(
        README[b.language]({
          title: b.title,
          company: b.company_name,
          email: b.email,
          createdAt: new Date().toISOString().replace("T", " ").slice(0, 19),
        }),
      ),
    },
  ];
  for (const entry of memberTables) {
    if (!entry.file) continue;
    const rows = (await db.select().from(entry.table).where(entry.rows(subject))) as Record<
      string,
      unknown
    >[];
    const list = rows.map((row) => exported(row, entry.columns));
    files.push({ name: `data/${entry.file}.json`, bytes: json(entry.file === "account" ? list[0] : list) });
  }
  const clicks = await db
    .select({ type: events.type, at: events.createdAt })
    .from(events)
    .where(and(eq(events.accountId, account.id), sql`${events.type} in ('click_mail', 'click_telegram')`));
  files.push({
    name: "data/logins.json",
    bytes: json({
      password: account.passwordHash !== null,
      google: account.googleSub !== null,
      googleSubject: account.googleSub,
      createdAt: account.createdAt.toISOString(),
      lastActivity: account.lastActivity?.toISOString() ?? null,
      signupIp: account.ip,
      signupUserAgent: account.ua,
      linkLogins: clicks.map((c) => ({
        channel: c.type === "click_mail" ? "email" : "telegram",
        at: c.at.toISOString(),
      })),
    }),
  });
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, account.id));
  files.push({
    name: "data/notification_channels.json",
    bytes: json({
      email: { on: account.notifyEmail, address: account.email },
      telegram: {
        on: account.notifyTelegram,
        linked: account.telegramId !== null,
        telegramId: account.telegramId,
      },
      push: { on: account.notifyPush, linked: (devices?.n ?? 0) > 0, devices: devices?.n ?? 0 },
    }),
  });
  const photos = await db
    .select({ name: memberPhotos.name })
    .from(memberPhotos)
    .where(eq(memberPhotos.accountId, account.id));
  for (const photo of photos)
    files.push({ name: `photos/${photo.name}`, photoKey: memberPhotoKey(b, photo.name) });
  for (const receipt of await receiptFiles(db, brand, account.id, EXPORT_RECEIPTS_MAX)) {
    files.push({ name: `receipts/${receipt.name}`, bytes: receipt.bytes });
  }
  return files;
}

/** The uploaded photo's bytes as a stream: the pack's original slice, or the whole object before packs. */
async function photoStream(env: Bindings, key: string): Promise<ReadableStream<Uint8Array> | null> {
  const head = await env.PHOTOS.head(key);
  if (!head) return null;
  const original = parsePackIndex(head.customMetadata?.[PACK_METADATA_KEY], head.size)?.get("original");
  const object = await env.PHOTOS.get(
    key,
    original ? { range: { offset: original.offset, length: original.length } } : {},
  );
  return object?.body ?? null;
}

/** The zip of `files` as a stream: JSON and text deflated, photos and PDFs stored as they are. */
export function zipStream(env: Bindings, files: ArchiveFile[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) controller.error(error);
        else {
          controller.enqueue(chunk);
          if (final) controller.close();
        }
      });
      try {
        for (const file of files) {
          if (file.photoKey) {
            const entry = new ZipPassThrough(file.name);
            zip.add(entry);
            const body = await photoStream(env, file.photoKey);
            if (body) {
              const reader = body.getReader();
              for (;;) {
                const { done, value } = await reader.read();
                if (done) break;
                entry.push(value);
              }
            }
            entry.push(new Uint8Array(0), true);
          } else {
            const compress = /\.(json|txt)$/.test(file.name);
            const entry = compress ? new ZipDeflate(file.name, { level: 6 }) : new ZipPassThrough(file.name);
            zip.add(entry);
            entry.push(file.bytes ?? new Uint8Array(0), true);
          }
        }
        zip.end();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
