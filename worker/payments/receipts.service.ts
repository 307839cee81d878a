// The receipts of a member's payments as files, for the data archive (worker/privacy/export.service.ts): the
// same PDFs the profile downloads one at a time, newest first, at most `limit`.
import { and, desc, eq, inArray } from "drizzle-orm";
import { orders, payments } from "../../drizzle/schema/payments";
import type { Brand } from "../brands/brand";
import { receiptFileName } from "../contracts/payments";
import type { Db } from "../core/db";
import { RECEIPT_STATUSES, receiptOf, renderReceipt } from "./receipt";

export async function receiptFiles(
  db: Db,
  brand: Brand,
  accountId: number,
  limit: number,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.accountId, accountId), inArray(payments.status, [...RECEIPT_STATUSES])))
    .orderBy(desc(payments.id))
    .limit(limit);
  const files: { name: string; bytes: Uint8Array }[] = [];
  for (const { id } of rows) {
    const data = await receiptOf(db, accountId, id);
    if (data)
      files.push({
        name: receiptFileName(id, brand.public.language),
        bytes: await renderReceipt(brand, data),
      });
  }
  return files;
}
