import type { QueryByExampleCliText } from "./types.ts";

export const es: QueryByExampleCliText = {
  identifierInvalid: (value, kinds) => `--identifier debe ser TIPO:VALOR con TIPO uno de ${kinds}; se recibió '${value}'`,
  kinds: {
    passport: "pasaporte",
    national_id: "documento de identidad",
    tax_id: "número fiscal",
    imo: "número IMO",
    lei: "LEI",
    crypto_wallet: "monedero de criptomonedas",
  },
  searched: (facts) => `También buscado: ${facts}`,
  born: (date) => `nacimiento ${date}`,
  nationality: (country) => `nacionalidad ${country}`,
  listing: (name, why) => `${name}: ${why}`,
  identifierMatches: (kind, value) => `el registro incluye el ${kind} buscado ${value}`,
  nameMatchesBirthDateDiffers: (listed, searched) =>
    `el nombre coincide, la fecha de nacimiento no (registrada ${listed}, buscada ${searched}): se mantiene como casi coincidencia`,
  birthDateDiffers: (listed, searched) => `la fecha de nacimiento no coincide (registrada ${listed}, buscada ${searched})`,
  birthDateAgrees: "la fecha de nacimiento coincide",
  nationalityAgrees: "la nacionalidad coincide",
  nationalityDiffers: "la nacionalidad no coincide",
  nameScore: (score) => `nombre ${score}`,
};
