import { useI18n } from "../../i18n/i18n";

/**
 * Fixed sample profiles (no real data): they only show, blurred, that profiles wait behind the sign-up. The
 * colours are dark enough for the white names to pass the contrast check, blurred or not.
 */
const grids = [
  {
    title: "home_teaser_title",
    profiles: [
      ["Lucía", 29, "#8a3a4f"],
      ["Carmen", 34, "#5b3f8a"],
      ["Marta", 41, "#2f6a62"],
      ["Elena", 26, "#7d531c"],
      ["Sara", 38, "#35558f"],
      ["Paula", 31, "#8a3a6e"],
    ],
  },
  {
    title: "home_teaser_more",
    profiles: [
      ["Laura", 45, "#3f6a34"],
      ["Ana", 27, "#8a4a2f"],
      ["Cristina", 36, "#3f4f8f"],
      ["Isabel", 52, "#6e5238"],
      ["Nuria", 33, "#5f3f8a"],
      ["Raquel", 40, "#2f6474"],
    ],
  },
] as const;

/**
 * The Spanish home's two blurred teaser grids (spec): fixed sample profiles with spinners and no behaviour.
 * The tiles are hidden from screen readers, which hear the section's title and that these are samples.
 */
export function Teasers({ index }: { index: 0 | 1 }) {
  const { t } = useI18n();
  const grid = grids[index];
  const id = `teaser-${index}`;
  return (
    <section className="teasers" aria-labelledby={id} data-testid="home-teasers">
      <h2 id={id}>{t(grid.title)}</h2>
      <p className="teaser-note">
        <span className="badge">{t("home_teaser_sample_badge")}</span> {t("home_teaser_sample")}
      </p>
      <div className="teaser-grid" aria-hidden="true">
        {grid.profiles.map(([name, age, colour]) => (
          <div key={name} className="teaser" style={{ background: colour }}>
            <svg className="teaser-silhouette" viewBox="0 0 60 60" aria-hidden="true">
              <circle cx="30" cy="22" r="11" />
              <path d="M8 60c2-14 11-21 22-21s20 7 22 21z" />
            </svg>
            <span className="teaser-name">
              {name}, {age}
            </span>
            <span className="spinner teaser-spinner" />
          </div>
        ))}
      </div>
    </section>
  );
}
