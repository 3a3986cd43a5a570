import type { QueryByExampleCliText } from "./types.ts";

export const fr: QueryByExampleCliText = {
  identifierInvalid: (value, kinds) => `--identifier doit être TYPE:VALEUR avec TYPE parmi ${kinds} ; reçu '${value}'`,
  kinds: {
    passport: "numéro de passeport",
    national_id: "numéro d'identité",
    tax_id: "numéro fiscal",
    imo: "numéro OMI",
    lei: "LEI",
    crypto_wallet: "portefeuille de cryptomonnaie",
  },
  searched: (facts) => `Recherché aussi : ${facts}`,
  born: (date) => `né(e) le ${date}`,
  nationality: (country) => `nationalité ${country}`,
  listing: (name, why) => `${name} : ${why}`,
  identifierMatches: (kind, value) => `l'inscription porte le ${kind} recherché ${value}`,
  nameMatchesBirthDateDiffers: (listed, searched) =>
    `le nom correspond, la date de naissance diffère (inscrite ${listed}, recherchée ${searched}) : maintenu en quasi-correspondance`,
  birthDateDiffers: (listed, searched) => `la date de naissance diffère (inscrite ${listed}, recherchée ${searched})`,
  birthDateAgrees: "la date de naissance concorde",
  nationalityAgrees: "la nationalité concorde",
  nationalityDiffers: "la nationalité diffère",
  nameScore: (score) => `nom ${score}`,
};
