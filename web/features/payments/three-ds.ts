import type { ChargeAnswer } from "../../../worker/contracts/payments";

/** The spec's wait before adyen's 3-D Secure form is posted. */
export const ADYEN_FORM_DELAY_MS = 2000;

/** Posts the 3-D Secure form the provider asked for (adyen's hidden form, trustpay's redirect form). */
function postForm(url: string, fields: Record<string, string>) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * Runs the payment system's 3-D Secure step (section 4): maxpay goes to the ACS address at once, adyen posts
 * its form after 2 s, trustpay posts its redirect form. Answers a cancel for the pending timer.
 */
export function startThreeDs(answer: ChargeAnswer & { threeDS: NonNullable<ChargeAnswer["threeDS"]> }) {
  const { url, fields } = answer.threeDS;
  if (answer.payment_system === "maxpay") {
    window.location.assign(url);
    return () => {};
  }
  const delay = answer.payment_system === "adyen" ? ADYEN_FORM_DELAY_MS : 0;
  const timer = setTimeout(() => postForm(url, fields), delay);
  return () => clearTimeout(timer);
}
