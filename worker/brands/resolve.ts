import { createMiddleware } from "hono/factory";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { assertRegistry, type Brand, type BrandEntry, type BrandRegistry, withCompany } from "./brand";

/** Host name without port, lower-cased. */
export function hostName(host: string | undefined | null): string {
  return (host ?? "").replace(/:\d+$/, "").toLowerCase();
}

/** Builds the host → brand entry lookup once per registry; throws when the registry is not valid. */
export function brandResolver(registry: BrandRegistry, defaultId: string) {
  assertRegistry(registry, defaultId);
  const byHost = new Map<string, BrandEntry>();
  for (const brand of Object.values(registry)) for (const host of brand.hosts) byHost.set(host, brand);
  const fallback = registry[defaultId];
  if (!fallback) throw new Error(`default brand ${defaultId} is not in the registry`);
  return (host: string | undefined | null, allowFallback: boolean): BrandEntry | undefined => {
    const name = hostName(host);
    const found = byHost.get(name);
    if (found) return found;
    if (name === "localhost" || name === "127.0.0.1" || allowFallback) return fallback;
    return undefined;
  };
}

const withCompanies = new WeakMap<Config, Map<BrandEntry, Brand>>();

/**
 * The entry with its company (BRAND_COMPANIES's fields over the entry's) and the Google setting of the
 * configuration, merged once per isolate.
 */
export function brandWithCompany(entry: BrandEntry, config: Config): Brand {
  let merged = withCompanies.get(config);
  if (!merged) {
    merged = new Map();
    withCompanies.set(config, merged);
  }
  let brand = merged.get(entry);
  if (!brand) {
    const adyen = config.paymentCredentials[entry.public.id]?.adyen;
    const adyenWeb = adyen?.clientKey
      ? {
          clientKey: adyen.clientKey,
          environment: adyen.environment,
          ...(adyen.webBase ? { webBase: adyen.webBase } : {}),
        }
      : undefined;
    brand = withCompany(entry, config.brandCompanies[entry.public.id], config.google !== null, adyenWeb);
    merged.set(entry, brand);
  }
  return brand;
}

/** The brand from Host, with its company, before any route; production answers an unknown host with 404. */
export function brandMiddleware(registry: BrandRegistry, defaultId: string) {
  const resolve = brandResolver(registry, defaultId);
  return createMiddleware<AppEnv>(async (c, next) => {
    const entry = resolve(c.req.header("host"), c.get("config").local);
    if (!entry) {
      return c.html(
        "<!doctype html><html lang=en><meta charset=utf-8><title>Not found</title><h1>Unknown site</h1><p>No service is configured for this address.</p></html>",
        404,
      );
    }
    c.set("brand", brandWithCompany(entry, c.get("config")));
    await next();
  });
}
