import { opsAuditLog } from "../../drizzle/schema/ops";
import type { AuditAction, AuditDetails } from "../contracts/ops";
import type { Db } from "../core/db";

type Writer = Pick<Db, "insert">;

/**
 * A step of a member's right in the operators' audit log (no operator: the member or a job did it). Details
 * never carry the person's data: ids, dates, amounts and counts only.
 */
export async function auditRight(
  db: Writer,
  action: AuditAction,
  accountId: number | null,
  details: AuditDetails,
): Promise<void> {
  await db.insert(opsAuditLog).values({ operatorId: null, action, accountId, details });
}
