// The spec's photo rules in the browser: only JPEG, GIF, PNG or SVG (solo_immagini), under 10 MB
// (grandezza_file), drawn on a canvas at most 1000x1000 and sent as a JPEG of quality 100. An SVG is
// rasterised the same way, so what reaches the server is always a plain picture, never active content.
import {
  PHOTO_JPEG_QUALITY,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  PHOTO_PICK_TYPES,
} from "../../../worker/contracts/profile";

export type PhotoProblem = "solo_immagini" | "grandezza_file";

/** The spec's checks of a picked file before it is read. */
export function photoProblem(file: { type: string; size: number }): PhotoProblem | null {
  if (!(PHOTO_PICK_TYPES as readonly string[]).includes(file.type)) return "solo_immagini";
  if (file.size >= PHOTO_MAX_BYTES) return "grandezza_file";
  return null;
}

/** The size that fits in the spec's square, keeping the proportions (never enlarged). */
export function fitted(width: number, height: number) {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

// The page's CSP allows data: images (not blob:), so the file is read as a data URL.
const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The picked image as the JPEG to upload; throws when it cannot be read or drawn (grandezza_file). */
export async function toUploadJpeg(file: Blob): Promise<Blob> {
  const image = new Image();
  image.src = await readAsDataUrl(file);
  await image.decode();
  if (!image.naturalWidth || !image.naturalHeight) throw new Error("the image has no size");
  const size = fitted(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  // Transparent parts (PNG, GIF, SVG) become white, as a JPEG has no transparency.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
  const jpeg = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", PHOTO_JPEG_QUALITY / 100),
  );
  if (!jpeg || jpeg.size >= PHOTO_MAX_BYTES) throw new Error("the JPEG could not be made under 10 MB");
  return jpeg;
}
