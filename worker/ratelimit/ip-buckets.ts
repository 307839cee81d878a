// The client's address as the limits count it: the IP Cloudflare gives, reduced to the subscriber (an IPv4
// address, an IPv6 /64) or to the network around it (an IPv4 /24, an IPv6 /48).

/**
 * The client's IP: Cloudflare's `cf-connecting-ip`, which the edge always sets and clients cannot forge.
 * `x-forwarded-for` is only a fallback for local runs behind another proxy; "unknown" puts every request
 * without either in one shared bucket.
 */
export function clientIp(request: Request): string {
  const direct = request.headers.get("cf-connecting-ip")?.trim();
  if (direct) return direct;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || "unknown";
}

/**
 * The bucket an IP is counted in: IPv4 (and IPv4-mapped IPv6) as is, IPv6 by its /64, because one
 * subscriber usually holds a whole /64 and could otherwise rotate addresses past any per-IP limit.
 */
export function ipBucket(ip: string): string {
  const value = ip.trim().toLowerCase();
  if (!value.includes(":")) return value;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value)?.[1];
  if (mapped) return mapped;
  const address = value.split("%")[0] ?? value;
  const halves = address.split("::");
  if (halves.length > 2) return value;
  const left = halves[0] ? halves[0].split(":") : [];
  const right = halves[1] ? halves[1].split(":") : [];
  const missing = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (missing < 0 || (halves.length === 1 && left.length !== 8)) return value;
  const groups = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group) || group.includes("."))) return value;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The network an IP is counted in: an IPv4 address's /24, an IPv6 address's /48 (what a site or a provider's
 * customer is usually given, so rotating its /64s does not help). Anything else is its own bucket.
 */
export function networkBucket(ip: string): string {
  const bucket = ipBucket(ip);
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(bucket)?.[1];
  if (v4) return `${v4}.0/24`;
  const v6 = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(bucket)?.[1];
  return v6 ? `${v6}::/48` : bucket;
}
