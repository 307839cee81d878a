import type { PublicBrand } from "../contracts/brand";

/**
 * An angel's default photo on a brand: /{the brand's default folder, for the angel's country}/{id}.jpg
 * (the spec's per-country image folder plus id as .jpg).
 */
export function angelPhotoUrl(
  brand: Pick<PublicBrand, "cartella_foto_default">,
  angelCountry: string,
  id: number,
) {
  const folder = brand.cartella_foto_default.replace(/-[a-z]{2}$/, `-${angelCountry}`);
  return `/${folder}/${id}.jpg`;
}
