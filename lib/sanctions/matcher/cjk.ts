/**
 * Readings of Korean and Chinese characters in the Latin spellings the lists and people use.
 *
 * Each Hangul syllable and each Han character is one token. Its key is the spelling the lists use most (Korean: the
 * DPRK and McCune-Reischauer style of Kim Jong Un, Pak, Ri; Chinese: pinyin); its readings are the other spellings
 * a Latin name may use for it (Revised Romanization and the usual English-influenced forms: Jeong, Jung, Chung,
 * Park, Lee; Wade-Giles for Chinese: Chang, Hsi; and a Han character's Sino-Korean reading, 金正恩 Kim Jong Un).
 * Two tokens of the same script are compared on their characters, not on a reading: 정 and 종 are both "jong" in the
 * lists' romanization but different names.
 */
import anyAscii from "any-ascii";
import hanjaReadings from "hanja/lib/data/hanjaeum.json" with { type: "json" };
import { MAX_FOREIGN_HAN_SKELETONS, MAX_HANGUL_READINGS } from "./tuning.ts";

const HANGUL_BASE = 0xac00;
const HANGUL_LAST = 0xd7a3;

// Initial consonants, vowels and final consonants of a syllable, each with its usual Latin spellings.
const INITIALS = [
  ["g", "k"],
  ["kk", "gg"],
  ["n"],
  ["d", "t"],
  ["tt", "dd"],
  ["r", "l", "n"],
  ["m"],
  ["b", "p"],
  ["pp", "bb"],
  ["s", "sh"],
  ["ss", "s"],
  [""],
  ["j", "ch"],
  ["jj", "tch"],
  ["ch"],
  ["k"],
  ["t"],
  ["p"],
  ["h"],
];
const VOWELS = [
  ["a"],
  ["ae", "e"],
  ["ya"],
  ["yae"],
  ["eo", "o", "u"],
  ["e"],
  ["yeo", "yo", "yu"],
  ["ye"],
  ["o"],
  ["wa"],
  ["wae"],
  ["oe", "oi", "we"],
  ["yo"],
  ["u", "oo"],
  ["wo", "weo"],
  ["we"],
  ["wi", "wee"],
  ["yu", "yoo"],
  ["eu", "u"],
  ["ui", "eui", "i"],
  ["i", "ee"],
];
const FINALS = [
  [""],
  ["k", "g"],
  ["k"],
  ["k"],
  ["n"],
  ["n"],
  ["n"],
  ["t", "d"],
  ["l", "r"],
  ["k"],
  ["m"],
  ["l"],
  ["l"],
  ["l"],
  ["p"],
  ["l"],
  ["m"],
  ["p", "b"],
  ["p"],
  ["t", "s"],
  ["t"],
  ["ng"],
  ["t"],
  ["t"],
  ["k"],
  ["t"],
  ["p"],
  ["t"],
];

/** Family names whose usual English spelling no rule gives (Park, Lee, Choi, Ahn). */
const FAMILY_NAMES: Record<string, string[]> = {
  박: ["park"],
  이: ["lee", "yi", "rhee", "ri"],
  리: ["lee", "ri"],
  최: ["choi", "choe"],
  안: ["ahn"],
  오: ["oh"],
  손: ["sohn"],
  노: ["roh", "noh"],
  유: ["yoo", "ryu"],
  류: ["ryu", "yoo", "yu"],
  신: ["shin"],
  심: ["shim"],
  임: ["lim", "rim"],
  김: ["kim", "gim"],
};

export function isHangulSyllable(c: string): boolean {
  const code = c.charCodeAt(0);
  return c.length === 1 && code >= HANGUL_BASE && code <= HANGUL_LAST;
}

/** The lists' spelling of a Hangul syllable: voiceless initials, an initial r, o and u for eo and eu. */
export function hangulKey(syllable: string): string {
  return anyAscii(syllable).toLowerCase().replace(/^g/, "k").replace(/^b/, "p").replace(/^d/, "t").replace(/^l/, "r").replace(/eo/g, "o").replace(/eu/g, "u");
}

/** Every usual Latin spelling of a Hangul syllable. */
export function hangulReadings(syllable: string): string[] {
  if (!isHangulSyllable(syllable)) return [];
  const index = syllable.charCodeAt(0) - HANGUL_BASE;
  const initial = INITIALS[Math.floor(index / (21 * 28))];
  const vowel = VOWELS[Math.floor(index / 28) % 21];
  const final = FINALS[index % 28];
  const out = new Set<string>(FAMILY_NAMES[syllable] ?? []);
  for (const i of initial) for (const v of vowel) for (const f of final) if (out.size < MAX_HANGUL_READINGS) out.add(i + v + f);
  return [...out];
}

const PINYIN_INITIALS: [RegExp, string][] = [
  [/^zh/, "ch"],
  [/^z/, "ts"],
  [/^c/, "ts"],
  [/^q/, "ch"],
  [/^x/, "hs"],
  [/^j/, "ch"],
  [/^r/, "j"],
];

/** The Wade-Giles spelling of a pinyin syllable, as Taiwanese and older names are written (Zhang: Chang, Xi: Hsi). */
export function wadeGiles(pinyin: string): string {
  let s = pinyin;
  for (const [from, to] of PINYIN_INITIALS) {
    if (from.test(s)) {
      s = s.replace(from, to);
      break;
    }
  }
  return s.replace(/ong$/, "ung").replace(/ian$/, "ien").replace(/ie$/, "ieh");
}

export function isHan(c: string): boolean {
  return /^\p{Script=Han}$/u.test(c);
}

/** Pinyin of a Han character (without tone). */
export function hanKey(c: string): string {
  return anyAscii(c).toLowerCase();
}

const KOREAN_READINGS = hanjaReadings as Record<string, string>;
/** 金 reads 금 as a word but 김 as the family name it mostly is in names. */
const KOREAN_FAMILY_READINGS: Record<string, string> = { 金: "김" };

/** The other spellings of a Han character: Wade-Giles, and its Sino-Korean reading's spellings. */
export function hanReadings(c: string, firstOfWord: boolean): string[] {
  const pinyin = hanKey(c);
  const out = new Set<string>([wadeGiles(pinyin)]);
  const korean = (firstOfWord && KOREAN_FAMILY_READINGS[c]) || KOREAN_READINGS[c];
  if (korean) {
    out.add(hangulKey(korean));
    for (const r of hangulReadings(korean)) out.add(r);
  }
  out.delete(pinyin);
  return [...out];
}

/** The dot Chinese writes between the parts of a foreign name (贝拉克·奥巴马), in its usual code points. */
export const FOREIGN_NAME_DOT = /[\u00B7\u2027\u30FB\uFF65\u2022]/;

// A pinyin initial's consonant class as latinSkeleton writes it. Chinese has no r nor v: l stands for r as well
// (拉 la, ra), f for v (夫 Lavrov), and j for a soft g (吉 Gi).
const PINYIN_CONSONANTS: [RegExp, string[]][] = [
  [/^zh/, ["j"]],
  [/^ch/, ["s"]],
  [/^sh/, ["s"]],
  [/^[bp]/, ["b"]],
  [/^[mdtnghkrzsw]/, []],
  [/^l/, ["l", "r"]],
  [/^f/, ["f", "v"]],
  [/^j/, ["j", "g"]],
  [/^[qx]/, ["s"]],
  [/^c/, ["ts"]],
  [/^y/, [""]],
];

/**
 * A foreign name written in Han characters (贝拉克 Barack, 奥巴马 Obama) is chosen for its sound: its characters' vowels
 * are approximate, their consonants are not, so the part is read, like Hebrew, on the consonant skeletons its
 * characters' pinyin initials give (l for l or r, 尔 er for a final r or l, a final n or ng for n), the most usual first.
 */
export function foreignHanSkeletons(part: string): string[] {
  let readings = [""];
  for (const c of part) {
    if (!isHan(c)) continue;
    const pinyin = hanKey(c);
    let options: string[] = [""];
    if (pinyin === "er") options = ["r", "l"];
    else {
      for (const [re, to] of PINYIN_CONSONANTS) {
        const m = re.exec(pinyin);
        if (m) {
          options = to.length ? to : [m[0].replace("w", "v")];
          break;
        }
      }
      if (/ng?$/.test(pinyin) && pinyin.length > 1) options = options.map((o) => `${o}n`);
    }
    readings = readings.flatMap((r) => options.map((o) => r + o)).slice(0, MAX_FOREIGN_HAN_SKELETONS);
  }
  const finish = (s: string) => {
    const single = s.replace(/([a-z])\1+/g, "$1");
    return single.length > 1 && single.endsWith("h") ? single.slice(0, -1) : single;
  };
  return [...new Set(readings.map(finish))].filter(Boolean);
}
