// The Maxpay adapter's card store (MaxpayCardStore): what the member may see of each transaction's card,
// kept here because Maxpay's later answers carry the card's token but not its brand, last digits or expiry.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { maxpayCards } from "../../../drizzle/schema/payments";
import { CARD_BRANDS } from "../../contracts/payments";
import type { Db } from "../../core/db";
import type { MaxpayCardStore } from "./maxpay";

/** A brand the form no longer has an icon for shows as unknown, rather than failing the payment's answer. */
const Brand = z.enum(CARD_BRANDS).catch("unknown");

export function maxpayCardStore(db: Db): MaxpayCardStore {
  return {
    async keep(reference, card) {
      // A retried charge answers the transaction already kept: the first row stays.
      await db
        .insert(maxpayCards)
        .values({ reference, ...card })
        .onConflictDoNothing();
    },
    async find(reference) {
      const [row] = await db.select().from(maxpayCards).where(eq(maxpayCards.reference, reference));
      if (!row) return null;
      const { brand, last4, expMonth, expYear, kept } = row;
      return { brand: Brand.parse(brand), last4, expMonth, expYear, kept };
    },
  };
}
