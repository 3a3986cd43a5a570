import type { QueryByExampleCliText } from "./types.ts";

export const de: QueryByExampleCliText = {
  identifierInvalid: (value, kinds) => `--identifier muss ART:WERT sein, ART eine von ${kinds}; erhalten: '${value}'`,
  kinds: { passport: "Reisepassnummer", national_id: "Ausweisnummer", tax_id: "Steuernummer", imo: "IMO-Nummer", lei: "LEI", crypto_wallet: "Wallet-Adresse" },
  searched: (facts) => `Außerdem gesucht: ${facts}`,
  born: (date) => `geboren ${date}`,
  nationality: (country) => `Staatsangehörigkeit ${country}`,
  listing: (name, why) => `${name}: ${why}`,
  identifierMatches: (kind, value) => `der Eintrag führt die gesuchte ${kind} ${value}`,
  nameMatchesBirthDateDiffers: (listed, searched) =>
    `Name stimmt überein, Geburtsdatum weicht ab (gelistet ${listed}, gesucht ${searched}): als Beinahe-Treffer geführt`,
  birthDateDiffers: (listed, searched) => `Geburtsdatum weicht ab (gelistet ${listed}, gesucht ${searched})`,
  birthDateAgrees: "Geburtsdatum stimmt überein",
  nationalityAgrees: "Staatsangehörigkeit stimmt überein",
  nationalityDiffers: "Staatsangehörigkeit weicht ab",
  nameScore: (score) => `Name ${score}`,
};
