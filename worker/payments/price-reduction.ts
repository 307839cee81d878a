// Whether a plan's price is a reduction, and against what (the EU price-indication rules: Directive 98/6/EC
// Art. 6a, as the Omnibus directive 2019/2161 amended it). A reduction must name the prior price: the lowest
// price applied in the 30 days before the reduction. Without such a price there is no reduction to announce,
// so no badge and no struck-through price.

/** The period before a reduction whose lowest price is its reference (Art. 6a(2): not shorter than 30 days). */
export const REFERENCE_PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

/** One price a plan had, from when it applied (rate_plan_prices). */
export interface PricePoint {
  /** The price shown, and the price charged (what a reduction is measured on), in cents. */
  price: number;
  totalPrice: number;
  validFrom: Date;
}

export interface Reduction {
  /** The lowest price of the reference period, as shown and as charged. */
  referencePrice: number;
  referenceTotal: number;
  /** Whole percent off the reference, rounded down: the badge never claims more than the saving. */
  percent: number;
  /** When the reduced price began to apply. */
  since: Date;
}

/**
 * The reduction the plan's current price is, or null. `history` is the plan's prices in any order; the last to
 * apply is the current one. The reduction began when the current charged price began to apply (a run of equal
 * prices is one price); its reference is the lowest charged price in effect at any moment of the 30 days
 * before. A price no lower than that, or a plan without a price in that period, is no reduction.
 */
export function priceReduction(history: readonly PricePoint[], now: Date): Reduction | null {
  const points = history
    .filter((p) => p.validFrom.getTime() <= now.getTime())
    .sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime());
  const current = points.at(-1);
  if (!current) return null;
  let start = points.length - 1;
  while (start > 0 && points[start - 1]?.totalPrice === current.totalPrice) start--;
  const since = points[start]?.validFrom ?? current.validFrom;
  const periodStart = since.getTime() - REFERENCE_PERIOD_DAYS * DAY_MS;
  let reference: PricePoint | null = null;
  for (let i = 0; i < start; i++) {
    const point = points[i] as PricePoint;
    // In effect from its own start until the next price began.
    const until = (points[i + 1] as PricePoint).validFrom.getTime();
    if (until <= periodStart) continue;
    if (!reference || point.totalPrice < reference.totalPrice) reference = point;
  }
  if (!reference || reference.totalPrice <= current.totalPrice) return null;
  const percent = Math.floor(((reference.totalPrice - current.totalPrice) * 100) / reference.totalPrice);
  return {
    referencePrice: reference.price,
    referenceTotal: reference.totalPrice,
    percent,
    since,
  };
}

/**
 * A configured badge that claims a reduction ("-50%", "50 % off", "sconto 30%"): shown only as the computed
 * one, never as typed. Other badges ("Best value") are shown as they are.
 */
export const claimsReduction = (badge: string) => /\d\s*%/.test(badge);
