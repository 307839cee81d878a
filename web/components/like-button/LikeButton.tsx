import { useI18n } from "../../i18n/i18n";
import { Popup } from "../ui/Popup";
import { PlansLink } from "../upgrade-popup/PlansLink";
import { VerifyFirst } from "../upgrade-popup/VerifyFirst";
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
  const { t } = useI18n();
  if (!likes.outOfLikes) return null;
  return (
    <VerifyFirst>
      <Popup
        title={t("file_like_titolo")}
        testId="file-like-popup"
        icon={<span aria-hidden="true">♡</span>}
        onClose={likes.closeOutOfLikes}
        actions={
          <>
            <button type="button" className="button" onClick={likes.closeOutOfLikes}>
              {t("popup_close")}
            </button>
            <PlansLink hook="file_like" />
          </>
        }
      >
        <p>{t("file_like_testo")}</p>
      </Popup>
    </VerifyFirst>
  );
}
