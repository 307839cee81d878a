import { useI18n } from "../../i18n/i18n";

/** Fixed sample profiles (no real data): they only show, blurred, that profiles wait behind the sign-up. */
const grids = [
  {
    title: "home_teaser_title",
    profiles: [
      ["Lucía", 29, "#f3b1a6"],
      ["Carmen", 34, "#c9a7e8"],
      ["Marta", 41, "#9fd3c7"],
      ["Elena", 26, "#f5cf8b"],
      ["Sara", 38, "#a9c4f0"],
      ["Paula", 31, "#f2a7c3"],
    ],
  },
  {
    title: "home_teaser_more",
    profiles: [
      ["Laura", 45, "#b8e0a8"],
      ["Ana", 27, "#f0b79c"],
      ["Cristina", 36, "#a7b8e8"],
      ["Isabel", 52, "#e8c7a7"],
      ["Nuria", 33, "#c7a7e8"],
      ["Raquel", 40, "#a7e0e8"],
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
