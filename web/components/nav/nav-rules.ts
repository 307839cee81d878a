// The navigation's rules as pure functions of the pathname, so they are unit-tested without a browser.
import type { MessageKey } from "../../i18n/en";

/** The spec's mobile layout: 500 px wide or less. */
export const MOBILE_MAX_WIDTH = 500;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/** A single conversation (/chats/{id}); /chats itself is the list. */
export const isSingleChat = (pathname: string) => /^\/chats\/[^/]+\/?$/.test(pathname);

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The spec: the bottom menu is hidden on purchase, single chat, vip_plan and unsubscribe. */
export function showsBottomMenu(pathname: string): boolean {
  if (isSingleChat(pathname)) return false;
  return !["/purchase", "/vip_plan", "/unsubscribe"].some((p) => under(pathname, p));
}

/** The member's sections, in the bottom menu's order. */
export const sections = ["find", "match", "chats", "notifications", "profile"] as const;
export type Section = (typeof sections)[number];

export const sectionPath: Record<Section, `/${Section}`> = {
  find: "/find",
  match: "/match",
  chats: "/chats",
  notifications: "/notifications",
  profile: "/profile",
};

export const sectionLabel: Record<Section, MessageKey> = {
  find: "nav_find",
  match: "nav_match",
  chats: "nav_chats",
  notifications: "nav_notifications",
  profile: "nav_profile",
};

/** What the member's flow and search decide about the navigation's entries. */
export interface NavFlow {
  /** Flow 0000: it has no match screen (/match goes to /find). */
  compliant: boolean;
  /** The flow uses invitations (messaggi_inviti): /match is the home and the bottom menu has no find entry. */
  invites: boolean;
  /** The member seeks men: the desktop top bar's search entry is find, not match (the spec). */
  seeksMen: boolean;
}

/**
 * The sections the flow allows, in the bottom menu's order: the phone's menus ("bottom") or the desktop
 * top bar ("top"). Find is always there unless /match is the home (invitations); match only where the
 * flow has it and, on the top bar, for members seeking women.
 */
export function navSections({ compliant, invites, seeksMen }: NavFlow, place: "top" | "bottom"): Section[] {
  const match = !compliant && !(place === "top" && seeksMen);
  const find = !(invites && match);
  return sections.filter((s) => (s === "match" ? match : s === "find" ? find : true));
}

/** The mobile top bar's title for a path. */
export function sectionTitle(pathname: string): MessageKey {
  if (isSingleChat(pathname)) return "nav_chats";
  if (under(pathname, "/user")) return "nav_title_user";
  // The notification channels' page belongs with the notifications, not with the home page.
  if (under(pathname, "/activeNotifications")) return "nav_notifications";
  if (under(pathname, "/vip_plan")) return "nav_title_piani";
  if (under(pathname, "/purchase") || pathname.endsWith("/paymentCheck")) return "nav_title_pagamento";
  const section = sections.find((s) => under(pathname, sectionPath[s]));
  return section ? sectionLabel[section] : "nav_title_home";
}

/** The bottom menu's short labels. */
export const shortLabel: Record<Section, MessageKey> = {
  ...sectionLabel,
  notifications: "nav_short_notifications",
};

/** The VIP entry of the navigation: every member but those at the top level (2). */
export const showsVipEntry = (premiumLevel: number) => premiumLevel !== 2;

export type CreditBar = "full" | "medium" | "empty";

/**
 * The spec's credit bar (accounts-community.md section 9): creditiMessaggi / 2 * 100, on a desktop full above
 * 67, medium from 34 to 67, empty below 34; on a phone full above 40, medium from 20 to 40, empty below 20.
 */
export function creditBar(messageCredits: number, mobile: boolean): CreditBar {
  const value = (messageCredits / 2) * 100;
  const [high, low] = mobile ? [40, 20] : [67, 34];
  if (value > high) return "full";
  return value >= low ? "medium" : "empty";
}
