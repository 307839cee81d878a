import { COMPLIANT_FLUX_ID } from "../../../worker/contracts/flow";
import { useNotifications } from "../../lib/notifications/notifications";
import { useSession } from "../../lib/session/session";
import { type NavFlow, navSections, type Section, sections, showsVipEntry } from "./nav-rules";

export interface NavEntry {
  section: Section;
  /** Unread chats (chats) or unread notifications (notifications); 0 elsewhere. */
  count: number;
}

/** The member's navigation: the entries of the top bar, the bottom menu and the side menu, and the counters. */
export function useNavEntries() {
  const { state } = useSession();
  const { unread, chatUnread } = useNotifications();
  const member = state.status === "member" ? state.member : null;
  const flow: NavFlow = {
    compliant: member?.fluxId === COMPLIANT_FLUX_ID,
    invites: state.status === "member" && Boolean(state.flow.messaggi_inviti),
    seeksMen: member?.cerco === "uomo",
  };
  const count = (section: Section) =>
    section === "chats" ? chatUnread : section === "notifications" ? unread : 0;
  const entry = (section: Section): NavEntry => ({ section, count: count(section) });
  const top = navSections(flow, "top");
  const bottom = navSections(flow, "bottom");
  return {
    top: top.map(entry),
    bottom: bottom.map(entry),
    /** The side menu has every section of both menus, in the bottom menu's order. */
    side: sections.filter((s) => top.includes(s) || bottom.includes(s)).map(entry),
    /** The spec: a credit counter for paid members (premiumLevel above 0) only. */
    credits: member && member.premiumLevel > 0 ? member.creditiMessaggi : null,
    /** The VIP entry (the plans page), hidden at level 2. */
    vip: member !== null && showsVipEntry(member.premiumLevel),
    totalUnread: unread + chatUnread,
  };
}
