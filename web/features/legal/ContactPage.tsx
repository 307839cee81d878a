import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { PublicBrand } from "../../../worker/contracts/brand";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_THANKS_DELAY_MS,
  type ContactField,
  contactFields,
  contactProblems,
  telHref,
} from "../../../worker/contracts/legal";
import { LegalLinks } from "../../components/LegalLinks";
import { FormMessage } from "../../components/ui/FormMessage";
import { Spinner } from "../../components/ui/Spinner";
import { isMessageKey, type MessageKey, useI18n } from "../../i18n/i18n";
import { api, errorOf } from "../../lib/api";
import "./legal.css";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /contactUs: the brand's company and a form (e-mail, message) whose message goes to customer care. The
 * thank-you shows 0.5 s after the submit at the earliest (the spec); a refused message keeps what was typed.
 */
export function ContactPage({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [invalid, setInvalid] = useState<ContactField[]>([]);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: async (json: { email: string; message: string }) => {
      const [response] = await Promise.all([api.api.contact.$post({ json }), wait(CONTACT_THANKS_DELAY_MS)]);
      return response.ok ? null : errorOf(response);
    },
    onSuccess: (error) => {
      if (!error) {
        setMessage("");
        setSent(true);
      } else if (error.field === "email" || error.field === "message") setInvalid([error.field]);
      else setFailure(isMessageKey(error.messageKey) ? error.messageKey : "errore_generico");
    },
    onError: (error) => {
      console.warn("the contact message did not reach the server", error);
      setFailure("errore_generico");
    },
  });
  const status = sent ? "sent" : send.isPending ? "sending" : "editing";

  function submit(e: FormEvent) {
    e.preventDefault();
    const bad = contactProblems({ email, message });
    setInvalid(bad);
    setFailure(null);
    if (bad.length > 0) return;
    send.mutate({ email, message });
  }

  const fieldError = (field: ContactField) =>
    invalid.includes(field) ? (
      <span className="field-error" id={`contact-${field}-error`} role="alert">
        {t(contactFields[field])}
      </span>
    ) : null;

  return (
    <div className="legal contact">
      <h1>{t("contact_title")}</h1>
      <div className="contact-columns">
        <section className="card contact-company" aria-labelledby="contact-company">
          <h2 id="contact-company">{t("contact_company")}</h2>
          <p>{t("contact_intro")}</p>
          <address data-testid="contact-company">
            <strong>{brand.company_name}</strong>
            <span>{brand.company_address}</span>
            <span>
              {t("contact_vat")} {brand.vat}
            </span>
            <span>
              {t("contact_email")}
              {t("contact_label_end")} <a href={`mailto:${brand.email}`}>{brand.email}</a>
            </span>
            <span>
              {t("contact_phone")}
              {t("contact_label_end")} <a href={telHref(brand.tel)}>{brand.tel}</a>
            </span>
          </address>
        </section>
        {status === "sent" ? (
          <section className="card form contact-form" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">{t("contact_form_title")}</h2>
            <FormMessage tone="success">{t("contact_grazie")}</FormMessage>
            <button type="button" className="button" onClick={() => setSent(false)}>
              {t("contact_altro")}
            </button>
          </section>
        ) : (
          <form
            className="card form contact-form"
            onSubmit={submit}
            noValidate
            aria-busy={status === "sending"}
            aria-labelledby="contact-form-title"
          >
            <h2 id="contact-form-title">{t("contact_form_title")}</h2>
            <div className={invalid.includes("email") ? "field invalid" : "field"}>
              <label>
                {t("contact_your_email")}
                <input
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={invalid.includes("email")}
                  aria-describedby={invalid.includes("email") ? "contact-email-error" : undefined}
                />
              </label>
              {fieldError("email")}
            </div>
            <div className={invalid.includes("message") ? "field invalid" : "field"}>
              <label>
                {t("contact_message")}
                <textarea
                  name="message"
                  rows={6}
                  maxLength={CONTACT_MESSAGE_MAX}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  aria-invalid={invalid.includes("message")}
                  aria-describedby={invalid.includes("message") ? "contact-message-error" : undefined}
                />
              </label>
              {fieldError("message")}
            </div>
            {failure && <FormMessage tone="error">{t(failure)}</FormMessage>}
            <button type="submit" className="button primary" disabled={status === "sending"}>
              {status === "sending" ? <Spinner label={t("app_loading")} /> : t("contact_submit")}
            </button>
          </form>
        )}
      </div>
      <footer className="footer">
        <LegalLinks brand={brand} />
      </footer>
    </div>
  );
}
