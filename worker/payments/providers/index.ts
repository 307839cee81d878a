// Which provider a brand's payments go to. Until the real adapters land (the providers issue), only local runs
// can pay, through the built-in sandbox; a deployed Worker answers payments_unavailable rather than pretend.
import type { Context } from "hono";
import type { Config } from "../../config";
import { PAYMENT_SYSTEMS, type PaymentSystem } from "../../contracts/payments";
import type { Db } from "../../core/db";
import { AppError } from "../../core/errors";
import type { AppEnv } from "../../env";
import type { PaymentProvider, ProviderId } from "../provider";
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
  return sandboxOf(c.var.config, c.var.db, new URL(c.req.url).origin, paymentSystemOf(c));
}

function sandboxOf(config: Config, db: Db, origin: string, threeDsSystem: PaymentSystem): SandboxProvider {
  if (config.appEnv !== "local") throw paymentsUnavailable();
  return sandboxProvider(db, {
    origin,
    threeDsSystem,
    webhookSecret: `${config.jwtSecret}:sandbox-webhooks`,
  });
}

/**
 * A provider by the id a kept card records, with no member's request behind it (the renewal job):
 * merchant-initiated charges show the member no page, so no origin is needed for one.
 */
export function providerById(config: Config, db: Db, id: ProviderId): PaymentProvider {
  switch (id) {
    case "sandbox":
      return sandboxOf(config, db, "", "adyen");
    // Adapters built but not wired to a brand's secrets yet.
    case "adyen":
    case "mollie":
    case "paypal":
    case "trustpay":
    case "coda":
    case "maxpay":
      throw paymentsUnavailable();
  }
}
