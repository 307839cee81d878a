// Texts of the card form when the brand's cards go to Adyen through its secured fields: the number, expiry
// and CVV are typed into Adyen's own fields (the labels and error messages stay the card form's).
const en = {
  adyen_campi_caricamento: "Loading the secure card fields…",
  adyen_campi_errore:
    "The secure card fields could not be loaded. Reload the page or choose another way to pay.",
  adyen_campi_sicuri: "Your card details go encrypted straight to our payment provider.",
  adyen_segnaposto_numero: "1234 5678 9012 3456",
  adyen_segnaposto_scadenza: "MM/YY",
  adyen_segnaposto_cvv: "123",
} as const;

type Texts = Record<keyof typeof en, string>;
const it: Texts = {
  adyen_campi_caricamento: "Caricamento dei campi sicuri della carta…",
  adyen_campi_errore:
    "Non è stato possibile caricare i campi sicuri della carta. Ricarica la pagina o scegli un altro metodo di pagamento.",
  adyen_campi_sicuri: "I dati della carta arrivano cifrati direttamente al nostro fornitore di pagamento.",
  adyen_segnaposto_numero: "1234 5678 9012 3456",
  adyen_segnaposto_scadenza: "MM/AA",
  adyen_segnaposto_cvv: "123",
};
const es: Texts = {
  adyen_campi_caricamento: "Cargando los campos seguros de la tarjeta…",
  adyen_campi_errore:
    "No se han podido cargar los campos seguros de la tarjeta. Recarga la página o elige otro método de pago.",
  adyen_campi_sicuri: "Los datos de tu tarjeta llegan cifrados directamente a nuestro proveedor de pagos.",
  adyen_segnaposto_numero: "1234 5678 9012 3456",
  adyen_segnaposto_scadenza: "MM/AA",
  adyen_segnaposto_cvv: "123",
};
const fr: Texts = {
  adyen_campi_caricamento: "Chargement des champs sécurisés de la carte…",
  adyen_campi_errore:
    "Les champs sécurisés de la carte n'ont pas pu être chargés. Rechargez la page ou choisissez un autre moyen de paiement.",
  adyen_campi_sicuri:
    "Les données de votre carte arrivent chiffrées directement chez notre prestataire de paiement.",
  adyen_segnaposto_numero: "1234 5678 9012 3456",
  adyen_segnaposto_scadenza: "MM/AA",
  adyen_segnaposto_cvv: "123",
};

export const adyenFieldTexts = { en, it, es, fr };
