import { useI18n } from "../../i18n/i18n";
import type { Section } from "./nav-rules";

/** The unread count of the chats or notifications entry. */
export function UnreadBadge({ section, count }: { section: Section; count: number }) {
  const { t } = useI18n();
  if (count <= 0) return null;
  return (
    <span
      className="count-badge"
      data-testid={`${section}-unread`}
      title={t(section === "chats" ? "nav_unread_messages" : "notifiche_non_lette", { count })}
    >
      {count}
    </span>
  );
}
