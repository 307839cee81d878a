// Which provider a brand's payments go to. Until the real adapters land (the providers issue), only local runs
// can pay, through the built-in sandbox; a deployed Worker answers payments_unavailable rather than pretend.
import type { Context } from "hono";
import { PAYMENT_SYSTEMS, type PaymentSystem } from "../../contracts/payments";
import { AppError } from "../../core/errors";
import type { AppEnv } from "../../env";
import type { PaymentProvider } from "../provider";
import { type SandboxProvider, sandboxProvider } from "./sandbox";

export const paymentsUnavailable = () =>
  new AppError(503, "payments_unavailable", "Payments are not available on this site yet.", {
    messageKey: "problemi_api",
  });

/** The 3-D Secure style of the brand's card provider: its first card account among the named systems. */
export function paymentSystemOf(c: Context<AppEnv>): PaymentSystem {
  const accounts = c.var.brand.server.paymentAccounts;
  return PAYMENT_SYSTEMS.find((system) => accounts[system]) ?? "adyen";
}

/** The provider for this request's brand, or payments_unavailable where none is configured. */
export function providerFor(c: Context<AppEnv>): PaymentProvider {
  return sandboxFor(c);
}

/** The built-in sandbox, local runs only: its hosted pages and webhooks. */
export function sandboxFor(c: Context<AppEnv>): SandboxProvider {
  if (c.var.config.appEnv !== "local") throw paymentsUnavailable();
  return sandboxProvider(c.var.db, {
    origin: new URL(c.req.url).origin,
    threeDsSystem: paymentSystemOf(c),
    webhookSecret: `${c.var.config.jwtSecret}:sandbox-webhooks`,
  });
}
