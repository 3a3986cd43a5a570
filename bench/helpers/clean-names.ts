/**
 * Synthetic clean names, made the way yente's negatives are: a given name, often a second given name, and a family
 * name drawn from one locale's name tables (faker-js), in that locale's script. Nobody on a sanctions list is meant;
 * a match on one is a false alarm. The locales and their shares follow yente's global fixtures: most Latin, a fifth
 * in other scripts (Arabic and Persian, Chinese, Korean, Japanese, Cyrillic, Greek, Hebrew, Thai).
 */
import {
  type Faker,
  fakerAR,
  fakerDE,
  fakerEL,
  fakerEN_US,
  fakerES,
  fakerFA,
  fakerFI,
  fakerFR,
  fakerHE,
  fakerIT,
  fakerJA,
  fakerKO,
  fakerNB_NO,
  fakerNL,
  fakerPL,
  fakerPT_BR,
  fakerRU,
  fakerSV,
  fakerTH,
  fakerTR,
  fakerUK,
  fakerUR,
  fakerVI,
  fakerZH_CN,
  fakerZH_TW,
} from "@faker-js/faker";

export type Script = "Latin" | "Arabic" | "CJK" | "Cyrillic" | "other";

interface Locale {
  faker: Faker;
  script: Script;
  /** Relative share of the names. */
  share: number;
  /** The family name first, as Chinese, Korean and Japanese write it natively (yente writes them given name first). */
  familyFirst?: boolean;
}

const LOCALES: Locale[] = [
  { faker: fakerEN_US, script: "Latin", share: 20 },
  { faker: fakerES, script: "Latin", share: 8 },
  { faker: fakerPT_BR, script: "Latin", share: 5 },
  { faker: fakerFR, script: "Latin", share: 6 },
  { faker: fakerDE, script: "Latin", share: 6 },
  { faker: fakerIT, script: "Latin", share: 4 },
  { faker: fakerNL, script: "Latin", share: 3 },
  { faker: fakerSV, script: "Latin", share: 3 },
  { faker: fakerFI, script: "Latin", share: 3 },
  { faker: fakerNB_NO, script: "Latin", share: 2 },
  { faker: fakerPL, script: "Latin", share: 3 },
  { faker: fakerTR, script: "Latin", share: 3 },
  { faker: fakerVI, script: "Latin", share: 2 },
  { faker: fakerAR, script: "Arabic", share: 5 },
  { faker: fakerFA, script: "Arabic", share: 4 },
  { faker: fakerUR, script: "Arabic", share: 1 },
  { faker: fakerZH_CN, script: "CJK", share: 5 },
  { faker: fakerZH_TW, script: "CJK", share: 2 },
  { faker: fakerKO, script: "CJK", share: 3 },
  { faker: fakerJA, script: "CJK", share: 2 },
  { faker: fakerRU, script: "Cyrillic", share: 2 },
  { faker: fakerUK, script: "Cyrillic", share: 1 },
  { faker: fakerEL, script: "other", share: 1 },
  { faker: fakerHE, script: "other", share: 1 },
  { faker: fakerTH, script: "other", share: 1 },
];

export interface CleanName {
  name: string;
  script: Script;
}

/** `count` synthetic clean names, the same ones on every run (faker's seeded generator). */
export function cleanNames(count: number, seed = 20261202): CleanName[] {
  const total = LOCALES.reduce((sum, l) => sum + l.share, 0);
  const out: CleanName[] = [];
  for (const locale of LOCALES) {
    const { faker } = locale;
    faker.seed(seed);
    const wanted = Math.round((count * locale.share) / total);
    for (let i = 0; i < wanted; i++) {
      const sex = faker.helpers.arrayElement(["female", "male"] as const);
      const given = [faker.person.firstName(sex)];
      // About half carry a second given name, as yente's fixtures do.
      if (faker.number.int(1) === 1) given.push(faker.person.firstName(sex));
      const family = faker.person.lastName(sex);
      const name = locale.familyFirst ? [family, ...given].join(" ") : [...given, family].join(" ");
      out.push({ name, script: locale.script });
    }
  }
  return out;
}
