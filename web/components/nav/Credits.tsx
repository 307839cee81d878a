import { useI18n } from "../../i18n/i18n";
import { creditBar } from "./nav-rules";

/** A paid member's credit counter: the coin, the spec's three-step bar, and the count. */
export function Credits({ credits, mobile, testId }: { credits: number; mobile: boolean; testId: string }) {
  const { t } = useI18n();
  const bar = creditBar(credits, mobile);
  return (
    <span className={`credits${mobile ? " side-credits" : ""}`}>
      <svg className="credits-coin" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="#f5c542" stroke="#c9961a" strokeWidth="1.5" />
      </svg>
      <span
        className={`credit-bar credit-bar-${bar}`}
        data-testid={`${testId}-bar`}
        data-level={bar}
        aria-hidden="true"
      >
        <i />
        <i />
        <i />
      </span>
      <span data-testid={testId}>{t("nav_credits", { count: credits })}</span>
    </span>
  );
}
