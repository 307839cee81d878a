import { type MessageKey, useI18n } from "../../i18n/i18n";

/** The payment systems a flow may offer (its sistemi_pagamento, spec section 2), in the picker's order. */
export const PAY_METHODS = [
  "credit_card",
  "paypal",
  "applepay",
  "googlepay",
  "mollie",
  "coda_paypal",
] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const isPayMethod = (value: string): value is PayMethod =>
  (PAY_METHODS as readonly string[]).includes(value);

export const methodNames: Record<PayMethod, MessageKey> = {
  credit_card: "pm_metodo_credit_card",
  paypal: "pm_metodo_paypal",
  applepay: "pm_metodo_applepay",
  googlepay: "pm_metodo_googlepay",
  mollie: "pm_metodo_mollie",
  coda_paypal: "pm_metodo_coda_paypal",
};

/** The method picker: one choice per method the flow offers and this browser can use. */
export function MethodPicker({
  methods,
  chosen,
  disabled,
  onChoose,
}: {
  methods: readonly PayMethod[];
  chosen: PayMethod;
  disabled: boolean;
  onChoose: (method: PayMethod) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="pay-methods" disabled={disabled} data-testid="pay-methods">
      <legend>{t("pm_scegli_metodo")}</legend>
      {methods.map((method) => (
        <label
          key={method}
          className={`pay-method pay-method-${method}${method === chosen ? " chosen" : ""}`}
        >
          <input
            type="radio"
            name="payMethod"
            value={method}
            checked={method === chosen}
            onChange={() => onChoose(method)}
          />
          <span>{t(methodNames[method])}</span>
        </label>
      ))}
    </fieldset>
  );
}
