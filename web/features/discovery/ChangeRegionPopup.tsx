import { type FormEvent, useId, useState } from "react";
import type { City } from "../../../worker/contracts/discovery";
import type { Country } from "../../../worker/contracts/locales";
import { CityAutocomplete } from "../../components/CityAutocomplete";
import { RegionOptions } from "../../components/RegionOptions";
import { FormMessage } from "../../components/ui/FormMessage";
import { Popup } from "../../components/ui/Popup";
import { useI18n } from "../../i18n/i18n";
import type { Region } from "../../lib/regions";
import type { SearchPlace } from "./search-place";

/**
 * The change-region popup (the header line opens it): a region, and optionally a city typed and picked
 * from the suggestions. A city typed but not picked is refused with the spec's 'city not found'.
 */
export function ChangeRegionPopup(props: {
  country: Country;
  regions: Region[];
  current: SearchPlace;
  onSearch: (place: SearchPlace) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [region, setRegion] = useState(props.current.region ?? "");
  const [cityText, setCityText] = useState(props.current.city ?? "");
  const [picked, setPicked] = useState<string | null>(props.current.city);
  const [error, setError] = useState<"find_city_not_found" | "errore_citta" | null>(null);
  const errorId = useId();
  const cityId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const text = cityText.trim();
    if (text && text !== picked) {
      setError("find_city_not_found");
      return;
    }
    if (!region) {
      setError("errore_citta");
      return;
    }
    props.onSearch({ region, city: text ? text : null });
  }

  return (
    <Popup title={t("find_change_title")} onClose={props.onClose} testId="change-region-popup">
      <form className="inline-form change-region-form" onSubmit={submit} noValidate>
        <p>{t("find_change_text")}</p>
        <label className={error === "errore_citta" ? "invalid" : undefined}>
          {t("find_region")}
          <select
            name="region"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              // A city belongs to one region: another region drops it.
              setCityText("");
              setPicked(null);
              setError(null);
            }}
          >
            <RegionOptions regions={props.regions} />
          </select>
        </label>
        {/* Not a wrapping label: a click on a suggestion would also be sent to the input. */}
        <div className={`field${error === "find_city_not_found" ? " invalid" : ""}`}>
          <label htmlFor={cityId}>{t("find_city")}</label>
          <CityAutocomplete
            id={cityId}
            country={props.country}
            text={cityText}
            invalid={error === "find_city_not_found"}
            describedBy={error ? errorId : undefined}
            onText={(text) => {
              setCityText(text);
              setPicked(null);
              setError(null);
            }}
            onPick={(city: City) => {
              setCityText(city.city_title);
              setPicked(city.city_title);
              setRegion(city.region);
              setError(null);
            }}
          />
        </div>
        {error && (
          <div id={errorId} data-testid="change-region-error">
            <FormMessage tone="error">{t(error)}</FormMessage>
          </div>
        )}
        <div className="popup-actions">
          <button type="button" className="button" onClick={props.onClose}>
            {t("popup_close")}
          </button>
          <button type="submit" className="button primary">
            {t("find_search")}
          </button>
        </div>
      </form>
    </Popup>
  );
}
