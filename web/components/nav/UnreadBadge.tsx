import { type Translate, useI18n } from "../../i18n/i18n";
import type { Section } from "./nav-rules";

const unreadText = (t: Translate, section: Section, count: number) =>
  t(section === "chats" ? "nav_unread_messages" : "notifiche_non_lette", { count });

/** An entry's accessible name: its label and its unread count in words (the badge's bare number is hidden). */
export const entryName = (t: Translate, section: Section, label: string, count: number) =>
  count > 0 ? `${label} (${unreadText(t, section, count)})` : label;

/** The unread count of the chats or notifications entry, as seen; entryName says it to screen readers. */
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
