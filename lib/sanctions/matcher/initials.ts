/**
 * Initials as alignment pairs (score.ts): a one-letter word of either side against a word of the other starting with
 * it, and a short word of initials (JC, U.S.) against as many words of the other side starting with those letters.
 */
import { LATER, type NameTokens, type Pair } from "./alignment.ts";
import { TokenClass } from "./lexicon.ts";
import type { PreparedQuery } from "./query.ts";
import { INITIAL_SIMILARITY, LISTED_INITIAL_SIMILARITY, MAX_INITIALS } from "./tuning.ts";
import type { Vocabulary } from "./vocabulary.ts";

const isLetter = (c: string | undefined) => c !== undefined && c >= "a" && c <= "z";

/**
 * Initials on either side: a one-letter word against a word of the other side starting with it, and a short word of
 * initials (jc, us) against as many words of the other side starting with those letters in order.
 */
export function initialPairs(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, pairs: Pair[]): void {
  const nameRaw = (j: number) => vocab.raws[name.ids[name.start + j]];
  const nameIsWord = (j: number) => {
    const id = name.ids[name.start + j];
    return name.classes[name.start + j] === TokenClass.Name && vocab.abjad[id] === 0 && vocab.natives[id] === undefined;
  };
  for (let i = 0; i < q.tokens.length; i++) {
    const t = q.tokens[i];
    if (t.abjad || t.native || t.cls !== TokenClass.Name) continue;
    const letters = t.raw;
    if (letters.length === 1) {
      if (!isLetter(letters)) continue;
      for (let j = 0; j < k; j++) {
        const word = nameRaw(j);
        if (nameIsWord(j) && word.length > 1 && word[0] === letters)
          pairs.push({ sim: INITIAL_SIMILARITY, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j, initial: true, order: LATER });
      }
    } else if (letters.length <= MAX_INITIALS && q.writtenAsInitials[i] && [...letters].every(isLetter)) {
      for (let j = 0; j + letters.length <= k; j++) {
        let spelt = true;
        for (let m = 0; m < letters.length && spelt; m++) spelt = nameIsWord(j + m) && nameRaw(j + m)[0] === letters[m] && nameRaw(j + m).length > 1;
        if (spelt) pairs.push({ sim: INITIAL_SIMILARITY, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j + letters.length - 1, initial: true, order: LATER });
      }
    }
  }
  // A listed initial against a searched word (most names have none: their words are not read for it).
  if (!name.listedInitial) return;
  for (let j = 0; j < k; j++) {
    const letter = nameRaw(j);
    if (letter.length !== 1 || !isLetter(letter) || !nameIsWord(j)) continue;
    for (let i = 0; i < q.tokens.length; i++) {
      const t = q.tokens[i];
      if (!t.abjad && !t.native && t.cls === TokenClass.Name && t.raw.length > 1 && t.raw[0] === letter)
        pairs.push({ sim: LISTED_INITIAL_SIMILARITY, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j, initial: true, order: LATER });
    }
  }
}
