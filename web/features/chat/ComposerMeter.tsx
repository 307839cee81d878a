import { Link } from "@tanstack/react-router";
import { useI18n } from "../../i18n/i18n";
import type { ComposerMeter } from "./composer-meter";

/** Under the textarea and the send button: the member's balance, and what this message costs. */
export function ComposerMeterLine({ meter }: { meter: ComposerMeter }) {
  const { t } = useI18n();
  const { price } = meter;
  return (
    <p className="composer-meter small" data-testid="composer-meter">
      <span data-testid="composer-balance">
        {meter.icebreakers === null
          ? t("composer_saldo", { credits: meter.credits })
          : t("composer_saldo_icebreaker", { credits: meter.credits, icebreakers: meter.icebreakers })}
      </span>
      <span className="composer-price" data-testid="composer-price">
        {price.kind === "free"
          ? t("composer_prezzo_gratis")
          : price.kind === "icebreaker"
            ? t("composer_prezzo_icebreaker")
            : price.kind === "none"
              ? t("composer_prezzo_nessuno")
              : price.cost === 1
                ? t("composer_prezzo_uno")
                : t("composer_prezzo", { cost: price.cost })}
      </span>
    </p>
  );
}

/**
 * Above the composer, before it happens: this is the last message the balance pays for in this conversation,
 * or nothing pays for this one (sending keeps it and opens the plans). Both lead to the plans.
 */
export function ComposerWarning({ meter, name }: { meter: ComposerMeter; name: string }) {
  const { t } = useI18n();
  if (!meter.warning) return null;
  const text =
    meter.warning === "out"
      ? t("composer_esauriti")
      : meter.paid
        ? t("composer_ultimo_pagato")
        : t("composer_ultimo_gratis", { name });
  return (
    <p className="chat-note composer-warning" role="status" data-testid="composer-warning">
      {text}{" "}
      <Link to="/vip_plan/$rateplan" params={{ rateplan: "fine_crediti" }} data-testid="composer-plans">
        {t("composer_vedi_piani")}
      </Link>
    </p>
  );
}
