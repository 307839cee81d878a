// The operator console's member search in the four languages; each catalogue spreads its language in.
const en = {
  ops_members_title: "Find a member",
  ops_members_search_label: "Full e-mail address or clickid",
  ops_members_search: "Search",
  ops_members_none: "No member has this e-mail address or clickid.",
  ops_members_joined: "joined {date}",
  ops_members_disabled: "disabled",
} as const;

type Texts = Record<keyof typeof en, string>;

const it: Texts = {
  ops_members_title: "Trova un iscritto",
  ops_members_search_label: "Indirizzo e-mail completo o clickid",
  ops_members_search: "Cerca",
  ops_members_none: "Nessun iscritto ha questo indirizzo e-mail o clickid.",
  ops_members_joined: "iscritto il {date}",
  ops_members_disabled: "disattivato",
};

const es: Texts = {
  ops_members_title: "Buscar un miembro",
  ops_members_search_label: "Dirección de correo completa o clickid",
  ops_members_search: "Buscar",
  ops_members_none: "Ningún miembro tiene esta dirección de correo o clickid.",
  ops_members_joined: "registrado el {date}",
  ops_members_disabled: "desactivado",
};

const fr: Texts = {
  ops_members_title: "Trouver un membre",
  ops_members_search_label: "Adresse e-mail complète ou clickid",
  ops_members_search: "Rechercher",
  ops_members_none: "Aucun membre n'a cette adresse e-mail ou ce clickid.",
  ops_members_joined: "inscrit le {date}",
  ops_members_disabled: "désactivé",
};

export const opsMemberTexts = { en, it, es, fr };
