import { useI18n } from "../i18n/i18n";
import type { Region } from "../lib/regions";

/** The options of every region picker (sign-up, landers, the set-region popup). */
export function RegionOptions({ regions }: { regions: Region[] }) {
  const { t } = useI18n();
  return (
    <>
      <option value="">{t("signup_region_choose")}</option>
      {regions.map((r) => (
        <option key={r.code} value={r.code}>
          {r.name}
        </option>
      ))}
    </>
  );
}
