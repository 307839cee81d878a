import { type ImgHTMLAttributes, useState } from "react";

/** A neutral silhouette, drawn inline so it cannot fail to load itself. */
export const PHOTO_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#e6e1e8"/><circle cx="50" cy="40" r="17" fill="#c4bcc8"/><path d="M18 92c4-20 17-30 32-30s28 10 32 30z" fill="#c4bcc8"/></svg>',
)}`;

/**
 * An angel's photo that falls back on error: through `sources` in order (the photo, then the angel's
 * default photo), then to a neutral placeholder. Repeated addresses are tried once.
 */
export function AngelPhoto({
  sources,
  ...img
}: { sources: readonly (string | null | undefined)[] } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src">) {
  const chain = [...new Set(sources.filter((s): s is string => Boolean(s))), PHOTO_PLACEHOLDER];
  const [index, setIndex] = useState(0);
  const src = chain[Math.min(index, chain.length - 1)];
  return (
    // biome-ignore lint/a11y/useAltText: alt arrives with the other attributes.
    <img
      {...img}
      src={src}
      data-fallback={src === PHOTO_PLACEHOLDER ? "placeholder" : index > 0 ? "default" : undefined}
      onError={() => setIndex((i) => (i < chain.length - 1 ? i + 1 : i))}
    />
  );
}
