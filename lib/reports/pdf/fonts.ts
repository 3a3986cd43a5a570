import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";
// @pdf-lib/fontkit's Indic and universal shapers (Devanagari, Thai) call a global regeneratorRuntime
import "regenerator-runtime/runtime.js";

const require = createRequire(import.meta.url);

/** DejaVu Sans draws Latin, Greek, Cyrillic, Arabic, Hebrew, Armenian and Georgian: every report embeds it. */
const PRIMARY = { regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf", bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" };

interface Fallback {
  regular: string;
  bold: string;
  /** The characters this font is chosen for, before any other font that also draws them. */
  script: RegExp;
}

const noto = (name: string, script: RegExp): Fallback => ({
  regular: `@expo-google-fonts/noto-sans-${name.toLowerCase()}/400Regular/NotoSans${name}_400Regular.ttf`,
  bold: `@expo-google-fonts/noto-sans-${name.toLowerCase()}/700Bold/NotoSans${name}_700Bold.ttf`,
  script,
});

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /[\p{Script=Han}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

/**
 * Noto fonts for the scripts DejaVu lacks, embedded only for a report whose text needs them (the CJK files are
 * 5 to 10 MB to parse). Han characters are drawn in Japanese forms when the report has kana, else in Chinese.
 */
const FALLBACKS = {
  thai: noto("Thai", /\p{Script=Thai}/u),
  devanagari: noto("Devanagari", /[\p{Script=Devanagari}\ua8e0-\ua8ff]/u),
  korean: noto("KR", /[\p{Script=Hangul}]/u),
  japanese: noto("JP", KANA),
  chinese: noto("SC", HAN),
};

/** The fallbacks to try for `text`, in the order a character picks its font. */
function fallbackOrder(text: string): Fallback[] {
  const { thai, devanagari, korean, japanese, chinese } = FALLBACKS;
  return KANA.test(text) ? [thai, devanagari, japanese, korean, chinese] : [thai, devanagari, korean, chinese, japanese];
}

/** Drawn for a character no embedded font has. */
const REPLACEMENT = "\uFFFD";

const fileCache = new Map<string, Promise<Uint8Array>>();
function fontFile(path: string): Promise<Uint8Array> {
  let bytes = fileCache.get(path);
  if (!bytes) {
    bytes = readFile(require.resolve(path)).then((b) => new Uint8Array(b));
    fileCache.set(path, bytes);
    bytes.catch(() => fileCache.delete(path));
  }
  return bytes;
}

/** What a font file draws, and how wide, read once per process. */
interface FontMetrics {
  covers: Set<number>;
  /** Advance width of a code point in em. */
  advance(cp: number): number;
}

const metricsCache = new Map<string, Promise<FontMetrics>>();
function metrics(path: string): Promise<FontMetrics> {
  let result = metricsCache.get(path);
  if (!result) {
    result = fontFile(path).then((bytes) => {
      const font = fontkit.create(bytes as Buffer);
      const advances = new Map<number, number>();
      return {
        covers: new Set(font.characterSet),
        advance(cp: number) {
          let em = advances.get(cp);
          if (em === undefined) {
            em = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
            advances.set(cp, em);
          }
          return em;
        },
      };
    });
    metricsCache.set(path, result);
  }
  return result;
}

/** Scripts whose width depends on shaping (joining forms, marks): these are measured by laying them out. */
const SHAPED = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\p{M}]/u;

export interface TextRun {
  text: string;
  font: PDFFont;
  /** Width at size 1. */
  width: number;
}

/** Fonts tried in order for each character, so one line can mix scripts. */
export class FontChain {
  constructor(
    private readonly fonts: PDFFont[],
    private readonly metrics: FontMetrics[],
  ) {}

  /**
   * The text cut where the font changes, with widths. Plain text is measured from the advance widths, without
   * kerning, which is many times faster than fontkit's layout and errs on the wide side.
   */
  runs(text: string): TextRun[] {
    const runs: Omit<TextRun, "width">[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let index = this.metrics.findIndex((m) => m.covers.has(cp));
      let drawn = ch;
      if (index < 0) {
        // Controls and zero-width marks are dropped; anything else visible shows as a replacement mark.
        if (/[\p{Cc}\p{Cf}]/u.test(ch)) continue;
        index = 0;
        drawn = REPLACEMENT;
      }
      const last = runs.at(-1);
      if (last && last.font === this.fonts[index]) last.text += drawn;
      else runs.push({ text: drawn, font: this.fonts[index] });
    }
    return runs.map((run) => ({ ...run, width: this.measure(run) }));
  }

  private measure(run: Omit<TextRun, "width">): number {
    if (SHAPED.test(run.text)) return run.font.widthOfTextAtSize(run.text, 1);
    const m = this.metrics[this.fonts.indexOf(run.font)];
    let em = 0;
    for (const ch of run.text) em += m.advance(ch.codePointAt(0)!);
    return em;
  }
}

/** The parts of fontkit's TTFSubset (@pdf-lib/fontkit 1.1) that the padding relies on. */
type SubsetInternals = { _addGlyph?: (gid: number) => number; glyf: Uint8Array[]; offset: number };

/** The part of a fontkit font pdf-lib lays text out with: it reads only the glyphs of the run, never their positions. */
type LayoutFont = {
  layout?: (text: string, ...rest: unknown[]) => { glyphs: unknown[] };
  glyphForCodePoint(cp: number): unknown;
};

/**
 * Latin, Greek and Cyrillic letters without combining marks, digits, punctuation and symbols: text whose glyphs are
 * the character map's, one per character, but for the few substitutions DejaVu makes within a word (LIGATED). Marks,
 * Arabic and Hebrew joining, Indic and Thai clusters and CJK keep fontkit's full layout.
 */
const PLAIN = /^[\u0020-\u007e\u00a0-\u02ff\u0370-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20cf\u2100-\u2bff]*$/;
/** A word DejaVu substitutes glyphs in: the f-ligatures, a soft hyphen, the tone letters. */
const LIGATED = /f[fil]|\u00ad|[\u02e5-\u02e9]/;

/**
 * pdf-lib lays out every string it draws with fontkit's shaper (substitution and positioning tables, for each cell of
 * each table) and keeps only the glyphs: that was most of a long report's time (a case of fifty searches: seconds).
 * Plain text takes its glyphs from the character map, word by word, and a word with a substitution from the shaper
 * (once per word and font): the same glyphs, so the same drawing, widths and copied text, without the shaping.
 */
function plainLayout(font: LayoutFont) {
  const layout = font.layout?.bind(font);
  if (!layout) return;
  const words = new Map<string, unknown[]>();
  font.layout = (text: string, ...rest: unknown[]) => {
    if (rest.some((x) => x !== undefined) || !PLAIN.test(text)) return layout(text, ...rest);
    const glyphs: unknown[] = [];
    for (const word of text.split(/( )/)) {
      if (!LIGATED.test(word)) {
        for (const ch of word) glyphs.push(font.glyphForCodePoint(ch.codePointAt(0)!));
        continue;
      }
      let shaped = words.get(word);
      if (!shaped) {
        shaped = layout(word).glyphs;
        words.set(word, shaped);
      }
      glyphs.push(...shaped);
    }
    return { glyphs, positions: [] };
  };
}

/**
 * fontkit's TrueType subset writes glyphs back to back, and writes a short 'loca' table when the subset is
 * small; short offsets count 2-byte words, so after a glyph of odd length every later glyph is read from the
 * wrong place (Noto Sans SC has such glyphs: its CJK characters printed blank). Padding each glyph to an
 * even length fixes the offsets. Patched on the font objects handed to pdf-lib only.
 */
const evenGlyphFontkit = {
  create(...args: Parameters<typeof fontkit.create>) {
    const font = fontkit.create(...args);
    plainLayout(font as unknown as LayoutFont);
    const target = font as unknown as { createSubset?: () => SubsetInternals };
    const createSubset = target.createSubset?.bind(font);
    if (!createSubset) return font;
    target.createSubset = () => {
      const subset = createSubset();
      const addGlyph = subset._addGlyph?.bind(subset);
      if (!addGlyph) return subset;
      subset._addGlyph = (gid: number) => {
        const index = addGlyph(gid);
        const data = subset.glyf[index];
        // fontkit writes only its own bundled Buffer class
        const BundledBuffer = data.constructor as { alloc?: (size: number) => Uint8Array };
        if (data.length % 2 === 1 && BundledBuffer.alloc) {
          const padded = BundledBuffer.alloc(data.length + 1);
          padded.set(data);
          subset.glyf[index] = padded;
          subset.offset += 1;
        }
        return index;
      };
      return subset;
    };
    return font;
  },
} as typeof fontkit;

export interface ReportFonts {
  regular: FontChain;
  bold: FontChain;
}

/** Visible characters DejaVu does not draw, each once. */
async function missingFromPrimary(text: string): Promise<string[]> {
  const primary = (await metrics(PRIMARY.regular)).covers;
  return [...new Set(text)].filter((ch) => !primary.has(ch.codePointAt(0)!) && !/[\p{Cc}\p{Cf}\s]/u.test(ch));
}

/**
 * The fallbacks a text needs: first those whose script it uses, then, for characters still missing (a rare Han
 * character, a symbol), any other font that draws them.
 */
async function neededFallbacks(text: string): Promise<Fallback[]> {
  let missing = await missingFromPrimary(text);
  if (missing.length === 0) return [];
  const order = fallbackOrder(missing.join(""));
  const chosen: Fallback[] = [];
  const take = async (font: Fallback) => {
    const covers = (await metrics(font.regular)).covers;
    const drawn = missing.filter((ch) => covers.has(ch.codePointAt(0)!));
    if (drawn.length === 0) return;
    chosen.push(font);
    missing = missing.filter((ch) => !drawn.includes(ch));
  };
  for (const font of order) if (missing.some((ch) => font.script.test(ch))) await take(font);
  for (const font of order) if (missing.length > 0 && !chosen.includes(font)) await take(font);
  // a character's font is the first in the chain that draws it, so keep the script order
  return order.filter((font) => chosen.includes(font));
}

/** Embeds DejaVu Sans and the Noto fonts the given text needs, each subset to the glyphs used. */
export async function embedReportFonts(doc: PDFDocument, allText: string): Promise<ReportFonts> {
  doc.registerFontkit(evenGlyphFontkit);
  const fallbacks = await neededFallbacks(allText);
  const chain = async (weight: "regular" | "bold") => {
    const paths = [PRIMARY[weight], ...fallbacks.map((f) => f[weight])];
    const fonts = await Promise.all(paths.map(async (p) => doc.embedFont(await fontFile(p), { subset: true })));
    return new FontChain(fonts, await Promise.all(paths.map(metrics)));
  };
  return { regular: await chain("regular"), bold: await chain("bold") };
}
