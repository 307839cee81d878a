// Who may call the console's API: an operator's token at the operator's current session version (a logout
// or a disabled operator ends every token at once), the supervisors' extra rights, and the brands an operator
// covers (docs/decisions/2026-11-29-operators-scoped-to-brands.md).
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { operators } from "../../drizzle/schema/ops";
import { type BrandId, brandIds } from "../brands/registry";
import { allBrandsRoles, type OperatorRole, supervising } from "../contracts/ops";
import { unauthorized } from "../core/errors";
import type { AppEnv } from "../env";
import { opsErrors } from "./ops-errors";
import { verifyOperatorToken } from "./ops-token";

/** Requires an operator token (not a member's) of an enabled operator at the token's session version. */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7) : "";
  const claims = token ? await verifyOperatorToken(c.var.config.jwtSecret, token) : null;
  if (!claims) throw unauthorized();
  const [row] = await c.var.db.select().from(operators).where(eq(operators.id, claims.operatorId));
  if (!row || row.disabled || row.sessionVersion !== claims.sessionVersion) throw unauthorized();
  c.set("operator", row);
  await next();
});

export const requireSupervisor = createMiddleware<AppEnv>(async (c, next) => {
  if (!supervising.includes(c.var.operator.role as OperatorRole)) throw opsErrors.forbidden();
  await next();
});

/** The role covers every brand. */
export const coversAllBrands = (operator: Pick<typeof operators.$inferSelect, "role">) =>
  allBrandsRoles.includes(operator.role as OperatorRole);

/**
 * The brands whose members the operator may see and act on: every brand for an all-brands role, else the
 * operator's own list (ids no longer in the registry left out). Every console query filters by it.
 */
export function coveredBrands(operator: Pick<typeof operators.$inferSelect, "role" | "brandIds">): BrandId[] {
  if (coversAllBrands(operator)) return [...brandIds];
  return brandIds.filter((id) => operator.brandIds.includes(id));
}
