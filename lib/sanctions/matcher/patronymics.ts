/**
 * Chains of bin/ibn/ben/ould (score.ts): a person's own name, the father's after one particle, the grandfather's after
 * two. A person's own name aligned with the other's father's name, or another father at the same place of both
 * chains, is another person.
 */
import { ARTICLES, type NameTokens, type Pair, perQuery } from "./alignment.ts";
import { TokenClass } from "./lexicon.ts";
import type { PreparedQuery } from "./query.ts";
import { PATRONYMIC_CONFLICT } from "./tuning.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** Words that put a father's name after a person's own (Muhammad bin Salman). */
export const PATRONYMIC = new Set(["bin", "ibn", "ben", "bint", "binti", "bte", "ould", "wuld", "walad", "bn", "bnt", "vld"]);

/**
 * A father's or grandfather's name in a searched chain of bin/ben/ould: a name word after such a particle with another
 * name word after it (the chain's last word is the family name: Usama bin Ladin). Listings often leave the chain out
 * (رشيد بن محمد بن علي بوجمعة is listed Rachid Boudjemaa), as they leave out an East Slavic patronymic.
 */
export function isAncestorName(tokens: readonly { raw: string; cls: TokenClass }[], i: number): boolean {
  if (tokens[i].cls !== TokenClass.Name || i === 0) return false;
  const before = tokens[i - 1];
  if (before.cls !== TokenClass.Particle || !PATRONYMIC.has(before.raw)) return false;
  for (let j = i + 1; j < tokens.length; j++) if (tokens[j].cls === TokenClass.Name) return true;
  return false;
}

/** Whether the query has a bin/ben/ould: without one, neither rule below applies. */
const hasPatronymicParticle = perQuery((q) => q.tokens.some((t) => t.cls === TokenClass.Particle && PATRONYMIC.has(t.raw)));

/**
 * How many "bin"s before a word in its chain: 0 for the person's own name, 1 for the father's, 2 for the
 * grandfather's; -1 for a word in no chain.
 */
function chainPositions(count: number, isParticle: (i: number) => boolean, isWord: (i: number) => boolean, isArticle: (i: number) => boolean): Int8Array {
  const out = new Int8Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    if (!isWord(i)) continue;
    // "bin al-Din": the article between the particle and the name. Generations past 100 count as 100 (an Int8Array).
    const after = i > 0 && isParticle(i - 1) ? i - 1 : i > 1 && isParticle(i - 2) && isArticle(i - 1) ? i - 2 : -1;
    if (i + 1 < count && isParticle(i + 1) && after < 0) out[i] = 0;
    else if (after >= 0) out[i] = Math.min(100, (after >= 1 && out[after - 1] >= 0 ? out[after - 1] : 0) + 1);
  }
  return out;
}

/**
 * A father's (or grandfather's) name in a chain of bin/ben left over on both sides at the same place (Habib ben
 * Mohamed ben Salah / Habib ben Ali ben Salah): the same person has one father, so these are two people. `usedQuery` and
 * `usedName` mark the tokens the alignment used.
 */
export function anotherAncestor(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, usedQuery: Uint8Array, usedName: Uint8Array): boolean {
  if (!hasPatronymicParticle(q)) return false;
  const queryParticle = (i: number) => q.tokens[i].cls === TokenClass.Particle && PATRONYMIC.has(q.tokens[i].raw);
  const nameParticle = (j: number) => name.classes[name.start + j] === TokenClass.Particle && PATRONYMIC.has(vocab.raws[name.ids[name.start + j]]);
  let any = false;
  for (let j = 0; j < k && !any; j++) any = nameParticle(j);
  if (!any) return false;
  const queryChain = chainPositions(
    q.tokens.length,
    queryParticle,
    (i) => q.tokens[i].cls === TokenClass.Name,
    (i) => ARTICLES.has(q.tokens[i].raw),
  );
  const nameChain = chainPositions(
    k,
    nameParticle,
    (j) => name.classes[name.start + j] === TokenClass.Name,
    (j) => ARTICLES.has(vocab.raws[name.ids[name.start + j]]),
  );
  for (let i = 0; i < q.tokens.length; i++) {
    if (usedQuery[i] || queryChain[i] < 1) continue;
    for (let j = 0; j < k; j++) if (!usedName[j] && nameChain[j] === queryChain[i]) return true;
  }
  return false;
}

/** A person's own name aligned with the other's father's name (Salman bin Muhammad / Muhammad bin Salman) is another person. */
export function patronymicConflicts(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, pairs: Pair[]): void {
  if (!hasPatronymicParticle(q)) return;
  const queryParticle = (i: number) => q.tokens[i].cls === TokenClass.Particle && PATRONYMIC.has(q.tokens[i].raw);
  const nameParticle = (j: number) => name.classes[name.start + j] === TokenClass.Particle && PATRONYMIC.has(vocab.raws[name.ids[name.start + j]]);
  let any = false;
  for (let j = 0; j < k && !any; j++) any = nameParticle(j);
  if (!any) return;
  const queryArticle = (i: number) => ARTICLES.has(q.tokens[i].raw);
  const nameArticle = (j: number) => ARTICLES.has(vocab.raws[name.ids[name.start + j]]);
  const queryChain = chainPositions(q.tokens.length, queryParticle, (i) => q.tokens[i].cls === TokenClass.Name, queryArticle);
  const nameChain = chainPositions(k, nameParticle, (j) => name.classes[name.start + j] === TokenClass.Name, nameArticle);
  for (const p of pairs) {
    if (p.qFirst !== p.qLast || p.nFirst !== p.nLast) continue;
    const a = queryChain[p.qFirst];
    const b = nameChain[p.nFirst];
    // A father for a grandfather is a generation skipped, as names often do; a person for an ancestor is not.
    if (a >= 0 && b >= 0 && (a === 0) !== (b === 0)) p.sim *= PATRONYMIC_CONFLICT;
  }
}
