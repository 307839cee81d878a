// The Mollie adapter's customer store (MollieCustomerStore): one Mollie customer per member, kept here
// because Mollie's Customers API cannot look one up by our reference.
import { eq } from "drizzle-orm";
import { mollieCustomers } from "../../../drizzle/schema/payments";
import type { Db } from "../../core/db";
import type { MollieCustomerStore } from "./mollie";

export function mollieCustomerStore(db: Db): MollieCustomerStore {
  return {
    async find(shopperReference) {
      const [kept] = await db
        .select({ customerId: mollieCustomers.customerId })
        .from(mollieCustomers)
        .where(eq(mollieCustomers.shopperReference, shopperReference));
      return kept?.customerId ?? null;
    },
    async keep(shopperReference, customerId) {
      // Two first payments at once may both create a customer: the first kept stays, the other goes unused.
      await db.insert(mollieCustomers).values({ shopperReference, customerId }).onConflictDoNothing();
    },
  };
}
