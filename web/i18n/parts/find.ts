// The find screens' texts in the four languages; each catalogue spreads its language in.
const en = {
  find_change_place: "Change the region or city of the search",
  find_change_title: "Change region",
  find_change_text: "Choose a region, or type at least 3 letters of a city and pick it from the list.",
  find_region: "Region",
  find_city: "City",
  find_city_placeholder: "Type at least 3 letters",
  find_city_not_found: "City not found: pick one from the list.",
  find_city_no_match: "No city matches",
  find_search: "Search",
  find_pages: "Pages",
  find_page: "Page {page}",
  find_previous_block: "Previous pages",
  find_next_block: "Next pages",
  hook_paginazione_header: "More profiles",
  hook_paginazione_titolo: "Want to see more profiles?",
  hook_paginazione_testo:
    "Free accounts browse the first 5 pages. Upgrade to VIP to see every profile of your area.",
  hook_cambia_regione_header: "Other regions",
  hook_cambia_regione_titolo: "Search in other regions",
  hook_cambia_regione_testo:
    "Free accounts search in their own region. Upgrade to VIP to search in every region and city.",
} as const;

type Texts = Record<keyof typeof en, string>;
const it: Texts = {
  find_change_place: "Cambia la regione o la città della ricerca",
  find_change_title: "Cambia regione",
  find_change_text: "Scegli una regione, oppure scrivi almeno 3 lettere di una città e sceglila dall'elenco.",
  find_region: "Regione",
  find_city: "Città",
  find_city_placeholder: "Scrivi almeno 3 lettere",
  find_city_not_found: "Città non trovata: sceglila dall'elenco.",
  find_city_no_match: "Nessuna città corrisponde",
  find_search: "Cerca",
  find_pages: "Pagine",
  find_page: "Pagina {page}",
  find_previous_block: "Pagine precedenti",
  find_next_block: "Pagine successive",
  hook_paginazione_header: "Altri profili",
  hook_paginazione_titolo: "Vuoi vedere altri profili?",
  hook_paginazione_testo:
    "Gli account gratuiti vedono le prime 5 pagine. Passa a VIP per vedere tutti i profili della tua zona.",
  hook_cambia_regione_header: "Altre regioni",
  hook_cambia_regione_titolo: "Cerca in altre regioni",
  hook_cambia_regione_testo:
    "Gli account gratuiti cercano nella propria regione. Passa a VIP per cercare in ogni regione e città.",
};
const es: Texts = {
  find_change_place: "Cambiar la región o la ciudad de la búsqueda",
  find_change_title: "Cambiar región",
  find_change_text: "Elige una región, o escribe al menos 3 letras de una ciudad y selecciónala de la lista.",
  find_region: "Región",
  find_city: "Ciudad",
  find_city_placeholder: "Escribe al menos 3 letras",
  find_city_not_found: "Ciudad no encontrada: elige una de la lista.",
  find_city_no_match: "Ninguna ciudad coincide",
  find_search: "Buscar",
  find_pages: "Páginas",
  find_page: "Página {page}",
  find_previous_block: "Páginas anteriores",
  find_next_block: "Páginas siguientes",
  hook_paginazione_header: "Más perfiles",
  hook_paginazione_titolo: "¿Quieres ver más perfiles?",
  hook_paginazione_testo:
    "Las cuentas gratuitas ven las primeras 5 páginas. Hazte VIP para ver todos los perfiles de tu zona.",
  hook_cambia_regione_header: "Otras regiones",
  hook_cambia_regione_titolo: "Busca en otras regiones",
  hook_cambia_regione_testo:
    "Las cuentas gratuitas buscan en su propia región. Hazte VIP para buscar en todas las regiones y ciudades.",
};
const fr: Texts = {
  find_change_place: "Changer la région ou la ville de la recherche",
  find_change_title: "Changer de région",
  find_change_text:
    "Choisissez une région, ou tapez au moins 3 lettres d'une ville et choisissez-la dans la liste.",
  find_region: "Région",
  find_city: "Ville",
  find_city_placeholder: "Tapez au moins 3 lettres",
  find_city_not_found: "Ville introuvable : choisissez-en une dans la liste.",
  find_city_no_match: "Aucune ville ne correspond",
  find_search: "Rechercher",
  find_pages: "Pages",
  find_page: "Page {page}",
  find_previous_block: "Pages précédentes",
  find_next_block: "Pages suivantes",
  hook_paginazione_header: "Plus de profils",
  hook_paginazione_titolo: "Envie de voir plus de profils ?",
  hook_paginazione_testo:
    "Les comptes gratuits voient les 5 premières pages. Passez VIP pour voir tous les profils de votre région.",
  hook_cambia_regione_header: "Autres régions",
  hook_cambia_regione_titolo: "Cherchez dans d'autres régions",
  hook_cambia_regione_testo:
    "Les comptes gratuits cherchent dans leur propre région. Passez VIP pour chercher dans toutes les régions et villes.",
};

export const findTexts = { en, it, es, fr };
