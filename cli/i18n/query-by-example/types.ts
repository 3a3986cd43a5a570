import type { IdentifierKind } from "../../../lib/sanctions/entity.ts";

/** The words of `duecheck search --birth-date/--nationality/--identifier` and of the evidence it prints (query by example). */
export interface QueryByExampleCliText {
  /** --identifier that is not KIND:VALUE with a known kind. */
  identifierInvalid: (value: string, kinds: string) => string;
  kinds: Record<IdentifierKind, string>;
  /** "Also searched: born 1968-03-14, nationality Uzbekistan, passport FA1234567" */
  searched: (facts: string) => string;
  born: (date: string) => string;
  nationality: (country: string) => string;
  /** One listed entity's evidence under its list: its name, then why. */
  listing: (name: string, why: string) => string;
  identifierMatches: (kind: string, value: string) => string;
  /** The name alone matches but the birth date clearly differs: a near miss. */
  nameMatchesBirthDateDiffers: (listed: string, searched: string) => string;
  birthDateDiffers: (listed: string, searched: string) => string;
  birthDateAgrees: string;
  nationalityAgrees: string;
  nationalityDiffers: string;
  /** The name's own score when the details changed it. */
  nameScore: (score: string) => string;
}
