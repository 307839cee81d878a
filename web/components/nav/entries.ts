import { useNotifications } from "../../lib/notifications/notifications";
import { useSession } from "../../lib/session/session";
import { bottomSections, desktopSearchSection, type Section, showsVipEntry } from "./nav-rules";

export interface NavEntry {
  section: Section;
  /** Unread chats (chats) or unread notifications (notifications); 0 elsewhere. */
  count: number;
}

/** The member's navigation: the top bar's and side menu's entries, the bottom menu's, and the counters. */
export function useNavEntries() {
  const { state } = useSession();
  const { unread, chatUnread } = useNotifications();
  const member = state.status === "member" ? state.member : null;
  const invites = state.status === "member" && Boolean(state.flow.messaggi_inviti);
  const count = (section: Section) =>
    section === "chats" ? chatUnread : section === "notifications" ? unread : 0;
  const entry = (section: Section): NavEntry => ({ section, count: count(section) });
  const top: NavEntry[] = [desktopSearchSection(member?.cerco), "chats", "notifications", "profile"].map(
    (s) => entry(s as Section),
  );
  const bottom = bottomSections(invites).map(entry);
  return {
    top,
    bottom,
    /** The spec: a credit counter for paid members (premiumLevel above 0) only. */
    credits: member && member.premiumLevel > 0 ? member.creditiMessaggi : null,
    /** The VIP entry (the plans page), hidden at level 2. */
    vip: member !== null && showsVipEntry(member.premiumLevel),
    totalUnread: unread + chatUnread,
  };
}
