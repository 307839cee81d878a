import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { CITY_SEARCH_MIN_CHARS, type City } from "../../worker/contracts/discovery";
import type { Country } from "../../worker/contracts/locales";
import { useI18n } from "../i18n/i18n";
import { api, okJson } from "../lib/api";
import "./city-autocomplete.css";

/** GET /api/get/city/{country}/{text}: the city suggestions for a text (they do not change: kept). */
const citySuggestionsQuery = (country: Country, text: string | null) =>
  queryOptions({
    queryKey: ["city-suggestions", country, text],
    queryFn:
      text === null
        ? skipToken
        : async () => okJson(await api.api.get.city[":country"][":text"].$get({ param: { country, text } })),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A pause in typing before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

/** "Como (CO), Lombardia": the name, its province when it says more, and the region. */
const cityLabel = (c: City) =>
  `${c.city_title}${c.province && c.province !== c.city_title ? ` (${c.province})` : ""}, ${c.state_title}`;

/**
 * The spec's city field: from 3 characters it lists suggestions (GET /api/get/city/{country}/{text}); a
 * city counts only once picked from the list (`onPick`), any edit of the text unpicks it.
 */
export function CityAutocomplete(props: {
  id?: string;
  country: Country;
  text: string;
  onText: (text: string) => void;
  onPick: (city: City) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useI18n();
  const { country, text, onText, onPick } = props;
  const [suggestions, setSuggestions] = useState<City[]>([]);
  const [open, setOpen] = useState(false);
  const [searched, setSearched] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const query = text.trim();

  // The text asked for: set after a pause in typing, none while the text changes or is too short.
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    setAsked(null);
    if (query.length < CITY_SEARCH_MIN_CHARS) {
      setSuggestions([]);
      setSearched(false);
      return;
    }
    const timer = setTimeout(() => setAsked(query), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const cities = useQuery(citySuggestionsQuery(country, asked));
  useEffect(() => {
    if (!cities.data) return;
    setSuggestions(cities.data);
    setSearched(true);
    setActive(-1);
  }, [cities.data]);
  useEffect(() => {
    if (cities.error) console.warn("city suggestions unavailable", cities.error);
  }, [cities.error]);

  const showList = open && query.length >= CITY_SEARCH_MIN_CHARS && searched;
  const pick = (city: City) => {
    onPick(city);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="city-autocomplete">
      <input
        id={props.id}
        type="text"
        name="city"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList && suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid}
        aria-describedby={props.describedBy}
        placeholder={t("find_city_placeholder")}
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (!showList || suggestions.length === 0) return;
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            const step = e.key === "ArrowDown" ? 1 : -1;
            setActive((i) => (i + step + suggestions.length) % suggestions.length);
          } else if (e.key === "Enter" && active >= 0) {
            e.preventDefault();
            const city = suggestions[active];
            if (city) pick(city);
          } else if (e.key === "Escape") {
            // Closes the list, not the popup around it.
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
        data-testid="city-input"
      />
      {showList && suggestions.length === 0 && (
        <p className="muted city-none" data-testid="city-none">
          {t("find_city_no_match")}
        </p>
      )}
      {showList && suggestions.length > 0 && (
        <div id={listId} role="listbox" className="city-suggestions" data-testid="city-suggestions">
          {suggestions.map((city, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter pick an option.
            <div
              key={`${city.region}:${city.city_title}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? "active" : undefined}
              // Before the input's blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(city)}
            >
              {cityLabel(city)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
