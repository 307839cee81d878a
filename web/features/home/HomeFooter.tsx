import type { PublicBrand } from "../../../worker/contracts/brand";
import { LegalLinks } from "../../components/LegalLinks";
import { useI18n } from "../../i18n/i18n";

/** The card brands the payment form takes (names are the brands' own, the same in every language). */
const cards = [
  { file: "visa", name: "Visa" },
  { file: "mastercard", name: "Mastercard" },
  { file: "amex", name: "American Express" },
  { file: "discover", name: "Discover" },
] as const;

/** The home's footer (spec): FAQ, terms, privacy, cookie and contact links, the card logos, the company. */
export function HomeFooter({ brand }: { brand: PublicBrand }) {
  const { t } = useI18n();
  return (
    <footer className="footer home-footer" data-testid="home-footer">
      <LegalLinks brand={brand} />
      <ul className="card-logos" aria-label={t("home_cards")}>
        {cards.map((card) => (
          <li key={card.file}>
            <img src={`/logos/cards/${card.file}.svg`} alt={card.name} width={48} height={30} />
          </li>
        ))}
      </ul>
      <p>
        © {brand.anno} {brand.company_name} · {brand.company_address} · {t("contact_vat")} {brand.vat}
      </p>
    </footer>
  );
}
