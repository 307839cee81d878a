// What a file really is, read from its bytes (never from the name or the declared type): a JPEG, PNG or GIF
// with its size and the same picture without its metadata, or why it is refused (an SVG, HTML, a script, a
// broken file, a JPEG that would cost too much to decode). Nothing here decodes pixels: each format's layout
// is walked once, so an upload and a photo served from the bucket both pay for one pass over the bytes.
import { isGif, readGif } from "./gif-layout";
import { isJpeg, type JpegLayout, type JpegProblem, readJpeg } from "./jpeg-layout";
import { isPng, readPng } from "./png-layout";

export interface CheckedImage {
  type: "image/jpeg" | "image/png" | "image/gif";
  extension: "jpg" | "png" | "gif";
  width: number;
  height: number;
  /** The picture without its metadata: what is stored and served. */
  stripped: Uint8Array;
  /** A JPEG's layout (its scans, orientation and colour profile), for its renditions. */
  jpeg: JpegLayout | null;
}

/** Not a JPEG, PNG or GIF at all ("not_an_image"), or one that cannot be taken (the JPEG problems). */
export type ImageProblem = "not_an_image" | JpegProblem;

export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; problem: ImageProblem };

const refused = (problem: ImageProblem): ImageCheck => ({ ok: false, problem });

export function checkImage(bytes: Uint8Array): ImageCheck {
  if (isJpeg(bytes)) {
    const reading = readJpeg(bytes);
    if (!reading.ok) return refused(reading.problem);
    const { layout } = reading;
    return {
      ok: true,
      image: {
        type: "image/jpeg",
        extension: "jpg",
        width: layout.width,
        height: layout.height,
        stripped: layout.stripped,
        jpeg: layout,
      },
    };
  }
  if (isPng(bytes)) {
    const layout = readPng(bytes);
    if (!layout) return refused("unreadable");
    return { ok: true, image: { type: "image/png", extension: "png", ...layout, jpeg: null } };
  }
  if (isGif(bytes)) {
    const layout = readGif(bytes);
    if (!layout) return refused("unreadable");
    return { ok: true, image: { type: "image/gif", extension: "gif", ...layout, jpeg: null } };
  }
  return refused("not_an_image");
}
