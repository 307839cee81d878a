import type { Brand, BrandRegistry } from "./brand";

/** Host name without port, lower-cased. */
export function hostName(host: string | undefined | null): string {
  return (host ?? "").replace(/:\d+$/, "").toLowerCase();
}

/** Builds the host → brand lookup once per registry. */
export function brandResolver(registry: BrandRegistry, defaultId: string) {
  const byHost = new Map<string, Brand>();
  for (const brand of Object.values(registry)) for (const host of brand.hosts) byHost.set(host, brand);
  const fallback = registry[defaultId];
  if (!fallback) throw new Error(`default brand ${defaultId} is not in the registry`);
  return (host: string | undefined | null, allowFallback: boolean): Brand | undefined => {
    const name = hostName(host);
    const found = byHost.get(name);
    if (found) return found;
    if (name === "localhost" || name === "127.0.0.1" || allowFallback) return fallback;
    return undefined;
  };
}
