import { type Translate, useI18n } from "../../i18n/i18n";
import type { Section } from "./nav-rules";

const unreadText = (t: Translate, section: Section, count: number) =>
  t(section === "chats" ? "nav_unread_messages" : "notifiche_non_lette", { count });

/** The unread count of the chats or notifications entry, as seen; UnreadWords says it to screen readers. */
export function UnreadBadge({ section, count }: { section: Section; count: number }) {
  const { t } = useI18n();
  if (count <= 0) return null;
  return (
    <span
      className="count-badge"
      data-testid={`${section}-unread`}
      title={unreadText(t, section, count)}
      aria-hidden="true"
    >
      {count}
    </span>
  );
}

/**
 * The unread count in words, heard right after the entry's label ("Chat 2 unread messages") and not seen.
 * The entry's name comes from its content, not an aria-label: a label that left out the badge's visible
 * number failed axe's label-content-name-mismatch.
 */
export function UnreadWords({ section, count }: { section: Section; count: number }) {
  const { t } = useI18n();
  if (count <= 0) return null;
  return <span className="visually-hidden"> {unreadText(t, section, count)}</span>;
}
