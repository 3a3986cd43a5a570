/**
 * What a lookup or the scorer reads of each vocabulary token, as typed arrays worked out once when the vocabulary is
 * frozen or loaded: a search meets hundreds of tokens scattered across a vocabulary of hundreds of thousands, and
 * reading a byte or two of a flat array is far cheaper than following a token's strings.
 */

/** TokenFacts.latinKinds' bits: a Latin word (no Arabic script, syllable or other readings)... */
export const PLAIN_LATIN = 1;
/** ... that folding left as written (its raw spelling is its key)... */
export const RAW_IS_KEY = 2;
/** ... whose key and spelling are ASCII, held in keyCodes and rawCodes. */
export const PACKED = 4;

/** Words as bytes side by side: word id is codes[offsets[id] .. offsets[id + 1]). */
export interface PackedWords {
  codes: Uint8Array;
  offsets: Int32Array;
}

export interface TokenFacts {
  keyLengths: Uint16Array;
  skeletonLengths: Uint16Array;
  /** The first character of the key and of the skeleton (-1 when empty): a compound's cheapest test. */
  keyFirsts: Int32Array;
  skeletonFirsts: Int32Array;
  latinKinds: Uint8Array;
  /** 1 where the token is a single Latin letter as written, which may be an initial (initials.ts). */
  initialLetters: Uint8Array;
  /** The PACKED tokens' keys, and their spellings where folding changed them (empty for the others). */
  keyCodes: PackedWords;
  rawCodes: PackedWords;
}

export interface TokenColumns {
  keys: string[];
  skeletons: string[];
  raws: string[];
  abjad: Uint8Array;
  natives: (string | undefined)[];
  readings: (string[] | undefined)[];
}

/** A string's first character as a number (-1 for an empty string), compared without making a string of it. */
export const firstCode = (s: string) => (s.length > 0 ? s.charCodeAt(0) : -1);

const isAscii = (s: string) => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
};

/** Every token's facts, in one pass over the tokens and one more to copy the packed words' bytes. */
export function tokenFacts({ keys, skeletons, raws, abjad, natives, readings }: TokenColumns): TokenFacts {
  const n = keys.length;
  const facts: TokenFacts = {
    keyLengths: new Uint16Array(n),
    skeletonLengths: new Uint16Array(n),
    keyFirsts: new Int32Array(n),
    skeletonFirsts: new Int32Array(n),
    latinKinds: new Uint8Array(n),
    initialLetters: new Uint8Array(n),
    keyCodes: { codes: new Uint8Array(0), offsets: new Int32Array(n + 1) },
    rawCodes: { codes: new Uint8Array(0), offsets: new Int32Array(n + 1) },
  };
  const keyOffsets = facts.keyCodes.offsets;
  const rawOffsets = facts.rawCodes.offsets;
  for (let id = 0; id < n; id++) {
    const key = keys[id];
    const skeleton = skeletons[id];
    const raw = raws[id];
    facts.keyLengths[id] = key.length;
    facts.skeletonLengths[id] = skeleton.length;
    facts.keyFirsts[id] = firstCode(key);
    facts.skeletonFirsts[id] = firstCode(skeleton);
    const latin = abjad[id] === 0 && natives[id] === undefined;
    if (latin && raw.length === 1 && raw >= "a" && raw <= "z") facts.initialLetters[id] = 1;
    let kind = 0;
    if (latin && readings[id] === undefined) {
      const rawIsKey = raw === key;
      kind = PLAIN_LATIN | (rawIsKey ? RAW_IS_KEY : 0) | (isAscii(key) && (rawIsKey || isAscii(raw)) ? PACKED : 0);
    }
    facts.latinKinds[id] = kind;
    keyOffsets[id + 1] = keyOffsets[id] + (kind & PACKED ? key.length : 0);
    rawOffsets[id + 1] = rawOffsets[id] + (kind & PACKED && !(kind & RAW_IS_KEY) ? raw.length : 0);
  }
  facts.keyCodes.codes = new Uint8Array(keyOffsets[n]);
  facts.rawCodes.codes = new Uint8Array(rawOffsets[n]);
  for (let id = 0; id < n; id++) {
    const kind = facts.latinKinds[id];
    if (!(kind & PACKED)) continue;
    copyCodes(keys[id], facts.keyCodes.codes, keyOffsets[id]);
    if (!(kind & RAW_IS_KEY)) copyCodes(raws[id], facts.rawCodes.codes, rawOffsets[id]);
  }
  return facts;
}

function copyCodes(word: string, codes: Uint8Array, at: number): void {
  for (let i = 0; i < word.length; i++) codes[at + i] = word.charCodeAt(i);
}
