import { type ImgHTMLAttributes, useState } from "react";
import { PHOTO_WIDTHS, type PhotoFormat, photoRenditionUrl } from "../../worker/contracts/photos";

/** A neutral silhouette, drawn inline so it cannot fail to load itself. */
export const PHOTO_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#e6e1e8"/><circle cx="50" cy="40" r="17" fill="#c4bcc8"/><path d="M18 92c4-20 17-30 32-30s28 10 32 30z" fill="#c4bcc8"/></svg>',
)}`;

/** The renditions of a stored photo in one format, for srcset: "…/w180.webp 180w, …/w360.webp 360w, …". */
const srcSet = (address: string, format: PhotoFormat) =>
  PHOTO_WIDTHS.map((w) => `${photoRenditionUrl(address, w, format)} ${w}w`).join(", ");

/**
 * An angel's (or a member's) photo in the size the screen shows it: a WebP rendition, its width picked by the
 * browser from `sizes` (the displayed width; the `width` attribute in px when not given) and the screen's
 * density; the stored photo itself where the browser takes no WebP. Falls back on error through `sources` in order (the photo, then
 * the angel's default photo), then to a neutral placeholder. Repeated addresses are tried once.
 */
export function AngelPhoto({
  sources,
  sizes,
  ...img
}: { sources: readonly (string | null | undefined)[]; sizes?: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes"
>) {
  const chain = [...new Set(sources.filter((s): s is string => Boolean(s))), PHOTO_PLACEHOLDER];
  const [index, setIndex] = useState(0);
  const src = chain[Math.min(index, chain.length - 1)] ?? PHOTO_PLACEHOLDER;
  const fallback = src === PHOTO_PLACEHOLDER ? "placeholder" : index > 0 ? "default" : undefined;
  const onError = () => setIndex((i) => (i < chain.length - 1 ? i + 1 : i));
  if (!photoRenditionUrl(src, 180, "webp")) {
    // An address this site does not keep renditions of (or the placeholder): as it is.
    // biome-ignore lint/a11y/useAltText: alt arrives with the other attributes.
    return <img {...img} src={src} data-fallback={fallback} onError={onError} />;
  }
  const shown = sizes ?? (img.width ? `${img.width}px` : "100vw");
  return (
    // `display: contents`: the <img> stays the box that the screens' grids, flex rows and CSS lay out.
    <picture key={src} style={{ display: "contents" }}>
      <source type="image/webp" srcSet={srcSet(src, "webp")} sizes={shown} />
      {/* biome-ignore lint/a11y/useAltText: alt arrives with the other attributes. */}
      <img {...img} src={src} data-fallback={fallback} onError={onError} />
    </picture>
  );
}
