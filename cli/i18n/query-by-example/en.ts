import type { QueryByExampleCliText } from "./types.ts";

export const en: QueryByExampleCliText = {
  identifierInvalid: (value, kinds) => `--identifier must be KIND:VALUE with KIND one of ${kinds}, got '${value}'`,
  kinds: { passport: "passport", national_id: "national id", tax_id: "tax id", imo: "IMO number", lei: "LEI", crypto_wallet: "wallet address" },
  searched: (facts) => `Also searched: ${facts}`,
  born: (date) => `born ${date}`,
  nationality: (country) => `nationality ${country}`,
  listing: (name, why) => `${name}: ${why}`,
  identifierMatches: (kind, value) => `the listing carries the searched ${kind} ${value}`,
  nameMatchesBirthDateDiffers: (listed, searched) => `name matches, birth date differs (listed ${listed}, searched ${searched}): kept a near miss`,
  birthDateDiffers: (listed, searched) => `birth date differs (listed ${listed}, searched ${searched})`,
  birthDateAgrees: "birth date agrees",
  nationalityAgrees: "nationality agrees",
  nationalityDiffers: "nationality differs",
  nameScore: (score) => `name ${score}`,
};
