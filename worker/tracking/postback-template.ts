// A tracker's postback address: a URL template per brand with placeholders the outbox fills per event. The
// template is validated when the configuration is read (a bad one fails the first request, naming the brand),
// and every value is URL-encoded into it, so an event's data can never change where the postback goes.
import { z } from "zod";

/** The placeholders a template may hold; {clickid} is required (the tracker credits the click). */
export const POSTBACK_PLACEHOLDERS = [
  "clickid",
  "event",
  "payout",
  "currency",
  "event_id",
  "kcampaign",
  "page_type",
] as const;
export type PostbackPlaceholder = (typeof POSTBACK_PLACEHOLDERS)[number];

const placeholderPattern = /\{([a-z_]+)\}/g;

/** Why a template is refused, or null when it is good. `https` only unless `allowHttp` (local runs, tests). */
export function templateProblem(template: string, allowHttp: boolean): string | null {
  const names = [...template.matchAll(placeholderPattern)].map((m) => m[1] ?? "");
  const unknown = names.find((n) => !(POSTBACK_PLACEHOLDERS as readonly string[]).includes(n));
  if (unknown) return `has an unknown placeholder {${unknown}}`;
  if (!names.includes("clickid")) return "must hold the {clickid} placeholder";
  let url: URL;
  try {
    url = new URL(template.replace(placeholderPattern, "x"));
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) return "must be https";
  if (url.username || url.password) return "must not hold credentials (put them in a secret)";
  // The host is fixed by the template: a placeholder there could send a member's click to any address.
  const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(template)?.[1] ?? "";
  if (authority.includes("{")) return "must not have a placeholder in its host";
  return null;
}

/** The zod schema of one template (for the configuration's parse). */
export const postbackTemplate = (allowHttp: boolean) =>
  z
    .string()
    .trim()
    .max(2000)
    .superRefine((t, ctx) => {
      const problem = templateProblem(t, allowHttp);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** Minor units as the tracker reads a payout: 999 → "9.99", -999 → "-9.99". */
export function payoutText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The postback's URL for one event: every placeholder filled, URL-encoded; a missing value is empty. */
export function fillTemplate(template: string, values: Partial<Record<PostbackPlaceholder, string>>): string {
  return template.replace(placeholderPattern, (_, name: string) =>
    encodeURIComponent(values[name as PostbackPlaceholder] ?? ""),
  );
}
