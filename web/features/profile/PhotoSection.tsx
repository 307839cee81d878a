import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { OwnPhoto } from "../../../worker/contracts/profile";
import { PHOTO_PICK_TYPES, PHOTOS_MAX } from "../../../worker/contracts/profile";
import { AngelPhoto } from "../../components/AngelPhoto";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { type MessageKey, useI18n } from "../../i18n/i18n";
import { useSession } from "../../lib/session/session";
import { photoProblem, toUploadJpeg } from "./photo-resize";
import { deletePhoto, makeDefaultPhoto, uploadPhoto } from "./profile-api";

type Result = { tone: "error" | "success"; key: MessageKey; retryAfterS?: number } | null;
/** A change to the photos: a new one (resized already), or another default, or one fewer. */
type Change = { kind: "upload"; jpeg: Blob } | { kind: "default" | "delete"; name: string };

/**
 * The member's photos: the upload (checked and resized here, checked again by the server), the default
 * photo (predefinita) shown first and in the top bar, and the others with "make default" and "delete".
 */
export function PhotoSection({ photos: initial }: { photos: OwnPhoto[] }) {
  const { t } = useI18n();
  const { state, updateMember } = useSession();
  const [photos, setPhotos] = useState(initial);
  const [result, setResult] = useState<Result>(null);
  const input = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);
  const inputId = useId();
  const clickid = state.status === "member" ? state.member.clickid : null;

  // The photo popup leads here (/profile#photos).
  useEffect(() => {
    if (window.location.hash === "#photos") section.current?.scrollIntoView({ block: "start" });
  }, []);

  const show = (list: OwnPhoto[]) => {
    setPhotos(list);
    updateMember({ imageName: list.find((p) => p.predefinita)?.name ?? null });
  };

  const editPhotos = useMutation({
    mutationFn: ({ member, change }: { member: string; change: Change }) =>
      change.kind === "upload"
        ? uploadPhoto(member, change.jpeg)
        : change.kind === "default"
          ? makeDefaultPhoto(member, change.name)
          : deletePhoto(member, change.name),
    onMutate: () => setResult(null),
    onSuccess: (outcome, { change }) => {
      if (!outcome.ok) {
        setResult({ tone: "error", key: outcome.refusal.key, retryAfterS: outcome.refusal.retryAfterS });
        return;
      }
      show(outcome.value.imageName);
      if (change.kind === "upload") setResult({ tone: "success", key: "profile_photo_uploaded" });
    },
  });
  const busy = editPhotos.isPending;
  const edit = (change: Change) => {
    if (clickid) editPhotos.mutate({ member: clickid, change });
  };

  async function onPick(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file || !clickid) return;
    const problem = photoProblem(file);
    if (problem) {
      setResult({ tone: "error", key: problem });
      return;
    }
    let jpeg: Blob;
    try {
      jpeg = await toUploadJpeg(file);
    } catch (error) {
      console.warn("the photo could not be resized", error);
      setResult({ tone: "error", key: "grandezza_file" });
      return;
    }
    edit({ kind: "upload", jpeg });
  }

  const main = photos.find((p) => p.predefinita);
  const others = photos.filter((p) => !p.predefinita);
  return (
    <section
      ref={section}
      id="photos"
      className="card profile-photos"
      aria-labelledby="photos-title"
      aria-busy={busy}
      data-testid="profile-photos"
    >
      <h2 id="photos-title">{t("profile_photos_title")}</h2>
      {main ? (
        <div className="profile-photo-main">
          <figure>
            <AngelPhoto
              sources={[main.path]}
              alt={t("profile_photo_alt")}
              width={240}
              height={240}
              sizes="min(240px, 70vw)"
              data-testid="profile-photo-default"
            />
            <figcaption className="badge">{t("profile_photo_default")}</figcaption>
          </figure>
          <button
            type="button"
            className="button small"
            disabled={busy || !clickid}
            onClick={() => edit({ kind: "delete", name: main.name })}
          >
            {t("profile_photo_delete")}
          </button>
        </div>
      ) : (
        <p className="muted">{t("profile_photos_none")}</p>
      )}
      {others.length > 0 && (
        <ul className="profile-photo-list">
          {others.map((photo) => (
            <li key={photo.name} data-testid="profile-photo">
              <AngelPhoto sources={[photo.path]} alt={t("profile_photo_alt")} width={96} height={96} />
              <button
                type="button"
                className="button small"
                disabled={busy || !clickid}
                onClick={() => edit({ kind: "default", name: photo.name })}
              >
                {t("profile_photo_make_default")}
              </button>
              <button
                type="button"
                className="button small"
                disabled={busy || !clickid}
                onClick={() => edit({ kind: "delete", name: photo.name })}
              >
                {t("profile_photo_delete")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="profile-photo-upload">
        {/* The label is the visible button; the file input stays reachable by keyboard and by tests. */}
        <label
          htmlFor={inputId}
          className={`button primary${busy || photos.length >= PHOTOS_MAX ? " disabled" : ""}`}
        >
          {busy ? <Spinner label={t("profile_photo_uploading")} /> : t("profile_photo_add")}
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          name="avatar"
          className="photo-file-input"
          accept={PHOTO_PICK_TYPES.join(",")}
          disabled={busy || photos.length >= PHOTOS_MAX}
          onChange={(e) => void onPick(e.target.files?.[0])}
          data-testid="photo-input"
        />
        <p className="muted small">{t("profile_photo_hint")}</p>
      </div>
      {result && (
        <FormMessage tone={result.tone}>
          {t(result.key, {
            max: PHOTOS_MAX,
            minutes: Math.max(1, Math.ceil((result.retryAfterS ?? 0) / 60)),
          })}
        </FormMessage>
      )}
    </section>
  );
}
