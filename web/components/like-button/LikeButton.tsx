import { useI18n } from "../../i18n/i18n";
import { UpgradePopup } from "../upgrade-popup/UpgradePopup";
import type { Likes } from "./use-likes";
import "./like-button.css";

/** The like button with its liked state and the mi_piace_inviato tooltip. */
export function LikeButton({
  likes,
  angel,
  className = "",
}: {
  likes: Likes;
  angel: { id: number; screenName: string };
  className?: string;
}) {
  const { t } = useI18n();
  const isLiked = likes.liked.has(angel.id);
  return (
    <span className={`like-wrap ${className}`}>
      <button
        type="button"
        className={`button small like-button${isLiked ? " liked" : ""}`}
        aria-pressed={isLiked}
        data-testid="like-button"
        onClick={() => likes.like(angel)}
      >
        <span aria-hidden="true">{isLiked ? "♥" : "♡"}</span>
        {t(isLiked ? "find_liked" : "find_like")}
      </button>
      {likes.tooltipFor === angel.id && (
        <span className="like-tooltip" role="status" data-testid="like-tooltip">
          {t("mi_piace_inviato")}
        </span>
      )}
    </span>
  );
}

/** The file_like hook: a free member without like credits. */
export function OutOfLikesPopup({ likes }: { likes: Likes }) {
  if (!likes.outOfLikes) return null;
  return <UpgradePopup hook="file_like" onClose={likes.closeOutOfLikes} />;
}
