/**
 * The sentences the server's refusals can send, read from the source: every `new AppError(status, message)` and what
 * its message can be. A message is fixed when it can only be fixed text: a string literal, a template whose
 * substitutions are themselves fixed (a constant, a number worked out from constants, a choice between literals), a
 * top-level const of the file or one it imports, a call of a function that only returns such text, or a parameter of
 * the function around the refusal when every call of that function (in the folders searched for callers) passes one
 * or leaves the parameter's default. Anything else is built from the request or the data (a name, a count, another
 * error's text) and is reported with its source.
 *
 * A small tokenizer, not a TypeScript parser (the installed compiler has no programmatic API): it reads the source as
 * the code base writes it (formatted by Biome, string constants at the top level), and it answers "built" rather than
 * guess whenever an expression is of a shape it does not follow.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export interface Refusal {
  /** file:line of the `new AppError`. */
  where: string;
  status: string;
  /** Every sentence it can send, when each is fixed. */
  sentences?: string[];
  /** The message's source, when it is built from what the request or the data holds. */
  built?: string;
  /**
   * The `refusal` field sent beside a built message: the fixed sentence a client words instead of the English text
   * (with the other fields, lib/ratelimit/too-many.ts). Its sentences, or its source when it is not fixed.
   */
  refusalField?: { sentences?: string[]; built?: string };
}

interface Token {
  kind: "string" | "template" | "ident" | "number" | "punct" | "regex";
  text: string;
  /** A string's value. */
  value?: string;
  at: number;
}

const PUNCT = ["...", "===", "!==", "**=", "&&=", "||=", "??=", "=>", "?.", "??", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "**"];
/** Words after which a slash starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await"]);

function unescapeString(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r?\n|.)/g, (_, e: string) => {
    if (e[0] === "u") return String.fromCodePoint(Number.parseInt(e.replace(/[u{}]/g, ""), 16));
    if (e[0] === "x") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (e === "\n" || e === "\r\n") return "";
    return ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" } as Record<string, string>)[e] ?? e;
  });
}

/** Past the quote that closes the string opened at `start`. */
function stringEnd(text: string, start: number): number {
  let j = start + 1;
  while (j < text.length && text[j] !== text[start]) j += text[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** Past the brace that closes the one at `start`, over the strings, templates and comments inside. */
function braceEnd(text: string, start: number): number {
  let depth = 0;
  let j = start;
  while (j < text.length) {
    const c = text[j];
    if (c === '"' || c === "'") j = stringEnd(text, j);
    else if (c === "`") j = templateParts(text, j).end;
    else if (text.startsWith("//", j)) j = text.indexOf("\n", j) + 1 || text.length;
    else if (text.startsWith("/*", j)) j = text.indexOf("*/", j + 2) + 2;
    else {
      if (c === "{") depth++;
      else if (c === "}" && --depth === 0) return j + 1;
      j++;
    }
  }
  return j;
}

/** A template literal's fixed parts (as written) and its substitutions' source, and the index past it. */
function templateParts(text: string, start: number): { quasis: string[]; substitutions: string[]; end: number } {
  const quasis = [""];
  const substitutions: string[] = [];
  let j = start + 1;
  while (j < text.length && text[j] !== "`") {
    if (text[j] === "\\") {
      quasis[quasis.length - 1] += text.slice(j, j + 2);
      j += 2;
    } else if (text[j] === "$" && text[j + 1] === "{") {
      const end = braceEnd(text, j + 1);
      substitutions.push(text.slice(j + 2, end - 1));
      quasis.push("");
      j = end;
    } else quasis[quasis.length - 1] += text[j++];
  }
  return { quasis, substitutions, end: j + 1 };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const regexAllowed = () => {
    const last = tokens.at(-1);
    if (!last) return true;
    if (last.kind === "punct") return !isPunct(last, ")", "]", "}");
    return last.kind === "ident" && BEFORE_REGEX.has(last.text);
  };
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (text.startsWith("//", i)) i = text.indexOf("\n", i) + 1 || text.length;
    else if (text.startsWith("/*", i)) i = text.indexOf("*/", i + 2) + 2;
    else if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      tokens.push({ kind: "string", text: text.slice(i, end), value: unescapeString(text.slice(i + 1, end - 1)), at: i });
      i = end;
    } else if (c === "`") {
      const { end } = templateParts(text, i);
      tokens.push({ kind: "template", text: text.slice(i, end), at: i });
      i = end;
    } else if (/[A-Za-z_$]/.test(c)) {
      const word = /^[\w$]+/.exec(text.slice(i, i + 200))![0];
      tokens.push({ kind: "ident", text: word, at: i });
      i += word.length;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[i + 1]))) {
      const number = /^[0-9a-fA-FxXoObBn_.]+(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 100))![0];
      tokens.push({ kind: "number", text: number, at: i });
      i += number.length;
    } else if (c === "/" && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && (inClass || text[j] !== "/")) {
        if (text[j] === "\\") j++;
        else if (text[j] === "[") inClass = true;
        else if (text[j] === "]") inClass = false;
        j++;
      }
      j++;
      while (/[a-z]/.test(text[j] ?? "")) j++;
      tokens.push({ kind: "regex", text: text.slice(i, j), at: i });
      i = j;
    } else {
      const p = PUNCT.find((p) => text.startsWith(p, i) && !(p === "?." && /[0-9]/.test(text[i + 2]))) ?? c;
      tokens.push({ kind: "punct", text: p, at: i });
      i += p.length;
    }
  }
  return tokens;
}

function isPunct(t: Token | undefined, ...texts: string[]): boolean {
  return t?.kind === "punct" && texts.includes(t.text);
}
const opens = (t: Token | undefined) => isPunct(t, "(", "[", "{");
const closes = (t: Token | undefined) => isPunct(t, ")", "]", "}");

/** The index past the bracket that closes the one at `open`. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    if (opens(tokens[k])) depth++;
    else if (closes(tokens[k]) && --depth === 0) return k + 1;
  }
  return tokens.length;
}

/** The tokens between the bracket at `open` and its match, split at the commas of that level. */
function listItems(tokens: Token[], open: number): Token[][] {
  const end = closing(tokens, open) - 1;
  const items: Token[][] = [[]];
  let depth = 0;
  for (let k = open + 1; k < end; k++) {
    if (opens(tokens[k])) depth++;
    if (closes(tokens[k])) depth--;
    if (depth === 0 && isPunct(tokens[k], ",")) items.push([]);
    else items[items.length - 1].push(tokens[k]);
  }
  if (items[items.length - 1].length === 0) items.pop();
  return items;
}

/** The indexes of the tokens with one of these texts at the outer level of `expr`. */
function outerIndexes(expr: Token[], ...texts: string[]): number[] {
  const found: number[] = [];
  let depth = 0;
  for (let k = 0; k < expr.length; k++) {
    if (opens(expr[k])) depth++;
    else if (closes(expr[k])) depth--;
    else if (depth === 0 && isPunct(expr[k], ...texts)) found.push(k);
  }
  return found;
}

/** The end of the expression from `from`: the first ";" or "," of its level, or the bracket that closes it. */
function expressionEnd(tokens: Token[], from: number): number {
  let depth = 0;
  for (let k = from; k < tokens.length; k++) {
    if (opens(tokens[k])) depth++;
    else if (closes(tokens[k])) {
      if (depth === 0) return k;
      depth--;
    } else if (depth === 0 && isPunct(tokens[k], ";", ",")) return k;
  }
  return tokens.length;
}

/** A function declaration, or an arrow function bound to a const. */
interface Fn {
  name: string;
  params: { name: string; fallback?: Token[] }[];
  /** The expressions it returns. */
  returns: Token[][];
  /** Its body's first and last token. */
  body: [number, number];
}

interface Module {
  file: string;
  text: string;
  tokens: Token[];
  /** How many brackets each token is in. */
  depths: number[];
  functions: Fn[];
}

function functionsOf(tokens: Token[]): Fn[] {
  const functions: Fn[] = [];
  for (let k = 0; k < tokens.length - 2; k++) {
    let name: string | undefined;
    let paramsAt = -1;
    if (tokens[k].text === "function" && tokens[k + 1].kind === "ident" && isPunct(tokens[k + 2], "(")) {
      name = tokens[k + 1].text;
      paramsAt = k + 2;
    } else if (tokens[k].text === "const" && tokens[k + 1].kind === "ident" && isPunct(tokens[k + 2], "=")) {
      const p = tokens[k + 3]?.text === "async" ? k + 4 : k + 3;
      const after = isPunct(tokens[p], "(") ? closing(tokens, p) : -1;
      // (params) => … or (params): Type => …
      if (after > 0 && (isPunct(tokens[after], "=>") || (isPunct(tokens[after], ":") && tokens.slice(after, after + 30).some((t) => isPunct(t, "=>"))))) {
        name = tokens[k + 1].text;
        paramsAt = p;
      }
    }
    if (name === undefined) continue;
    const params = listItems(tokens, paramsAt).map((param) => {
      const words = param.filter((t) => !["readonly", "public", "private", "protected"].includes(t.text));
      const eq = outerIndexes(words, "=")[0];
      return { name: words[0]?.text ?? "", fallback: eq === undefined ? undefined : words.slice(eq + 1) };
    });
    // The body: the first "{" after the parameters (a return type's brackets are skipped whole), or an arrow's expression.
    let b = closing(tokens, paramsAt);
    while (b < tokens.length && !isPunct(tokens[b], "{", "=>")) b = opens(tokens[b]) ? closing(tokens, b) : b + 1;
    if (isPunct(tokens[b], "=>") && !isPunct(tokens[b + 1], "{")) {
      const end = expressionEnd(tokens, b + 1);
      functions.push({ name, params, returns: [tokens.slice(b + 1, end)], body: [b + 1, end - 1] });
      continue;
    }
    if (isPunct(tokens[b], "=>")) b++;
    functions.push({ name, params, returns: [], body: [b, closing(tokens, b) - 1] });
  }
  // A return belongs to the innermost function, or arrow with a block, around it.
  const blocks = functions.map((f) => f.body);
  for (let k = 0; k < tokens.length - 1; k++) if (isPunct(tokens[k], "=>") && isPunct(tokens[k + 1], "{")) blocks.push([k + 1, closing(tokens, k + 1) - 1]);
  for (const fn of functions) {
    const inner = blocks.filter(([s, e]) => s > fn.body[0] && e <= fn.body[1]);
    for (let k = fn.body[0]; k < fn.body[1]; k++) {
      if (tokens[k].kind !== "ident" || tokens[k].text !== "return" || inner.some(([s, e]) => k > s && k < e)) continue;
      fn.returns.push(tokens.slice(k + 1, expressionEnd(tokens, k + 1)));
    }
  }
  return functions;
}

/** What an expression can be: every fixed value it takes, or null when one is not fixed. */
type Values = (string | number)[] | null;
/** The values of the names a scope binds (undefined: not bound there). */
type Scope = (name: string) => Values | undefined;
const NO_SCOPE: Scope = () => undefined;
/** More combinations than this are not a fixed sentence but a product of inputs. */
const MOST_VALUES = 64;
const MOST_DEPTH = 12;

function union(a: (string | number)[], b: (string | number)[]): (string | number)[] {
  return [...new Set([...a, ...b])];
}

function combine(a: Values, b: Values, join: (x: string | number, y: string | number) => string | number | null): Values {
  if (!a || !b || a.length * b.length > MOST_VALUES) return null;
  const out = new Set<string | number>();
  for (const x of a) {
    for (const y of b) {
      const z = join(x, y);
      if (z === null) return null;
      out.add(z);
    }
  }
  return [...out];
}

const ARITHMETIC: Record<string, (x: number, y: number) => number> = {
  "-": (x, y) => x - y,
  "*": (x, y) => x * y,
  "/": (x, y) => x / y,
  "%": (x, y) => x % y,
  "**": (x, y) => x ** y,
};

export class RefusalScanner {
  private readonly modules = new Map<string, Module>();
  private callers: string[] | undefined;

  /** `root` holds the folders; `callerFolders` are searched for the calls that pass a refusal's message in. */
  constructor(
    private readonly root: string,
    private readonly callerFolders: string[],
  ) {}

  /** Every `new AppError(…)` in the folders' .ts files, with what its message can be. */
  refusals(folders: string[]): Refusal[] {
    const found: Refusal[] = [];
    for (const file of folders.flatMap((folder) => sourceFiles(join(this.root, folder)))) {
      const module = this.load(file);
      const { tokens } = module;
      for (let k = 0; k < tokens.length - 2; k++) {
        if (tokens[k].text !== "new" || tokens[k + 1].text !== "AppError" || !isPunct(tokens[k + 2], "(")) continue;
        const [status, message, , fields] = listItems(tokens, k + 2);
        const where = `${relative(this.root, file)}:${module.text.slice(0, tokens[k].at).split("\n").length}`;
        const refusal: Refusal = { where, status: status.map((t) => t.text).join(""), ...this.describe(module, message, k) };
        // { …, refusal } or { …, refusal: expression }
        const field = isPunct(fields?.[0], "{") ? listItems(fields, 0).find((item) => item[0]?.text === "refusal") : undefined;
        if (field) refusal.refusalField = this.describe(module, field.length === 1 ? field : field.slice(2), k);
        found.push(refusal);
      }
    }
    return found;
  }

  /** An expression at token `at` as the sentences it can be, or as its source when it is not fixed. */
  private describe(module: Module, expr: Token[] | undefined, at: number): { sentences?: string[]; built?: string } {
    const values = expr?.length ? this.evaluate(module, expr, this.scopeAt(module, at)) : null;
    if (values) return { sentences: values.map(String) };
    const last = expr?.at(-1);
    return { built: expr && last ? module.text.slice(expr[0].at, last.at + last.text.length) : "" };
  }

  private load(file: string): Module {
    let module = this.modules.get(file);
    if (!module) {
      const text = readFileSync(file, "utf8");
      const tokens = tokenize(text);
      let depth = 0;
      const depths = tokens.map((t) => {
        if (closes(t)) depth--;
        const at = depth;
        if (opens(t)) depth++;
        return at;
      });
      module = { file, text, tokens, depths, functions: functionsOf(tokens) };
      this.modules.set(file, module);
    }
    return module;
  }

  private resolveSpecifier(from: string, specifier: string): string | undefined {
    let base: string;
    if (specifier.startsWith("@lib/")) base = join(this.root, "lib", specifier.slice("@lib/".length));
    else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
    else return undefined;
    return [base, `${base}.ts`, join(base, "index.ts")].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  }

  /** What `name` is in the module: its top-level const or function, or the one it imports or re-exports by that name. */
  private definition(module: Module, name: string, seen = new Set<string>()): { module: Module; value?: Token[]; fn?: Fn } | undefined {
    const key = `${module.file}#${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const { tokens, depths } = module;
    const fn = module.functions.find((f) => f.name === name && depths[f.body[0]] <= 1);
    if (fn) return { module, fn };
    for (let k = 0; k < tokens.length - 2; k++) {
      if (tokens[k].text !== "const" || tokens[k + 1].text !== name || depths[k] !== 0) continue;
      let eq = k + 2;
      if (isPunct(tokens[eq], ":")) while (eq < tokens.length && !isPunct(tokens[eq], "=")) eq++;
      if (isPunct(tokens[eq], "=")) return { module, value: tokens.slice(eq + 1, expressionEnd(tokens, eq + 1)) };
    }
    for (let k = 0; k < tokens.length - 3; k++) {
      if ((tokens[k].text !== "import" && tokens[k].text !== "export") || depths[k] !== 0) continue;
      if (isPunct(tokens[k + 1], "{")) {
        // import { A, B as name } from "…";  export { A as name } from "…";
        const close = closing(tokens, k + 1);
        if (tokens[close]?.text !== "from") continue;
        for (const specifier of listItems(tokens, k + 1)) {
          const words = specifier.map((t) => t.text).filter((w, n) => !(w === "type" && n === 0 && specifier.length > 1));
          if (words.at(-1) !== name) continue;
          const target = this.resolveSpecifier(module.file, tokens[close + 1].value ?? "");
          return target ? this.definition(this.load(target), words[0], seen) : undefined;
        }
      } else if (tokens[k].text === "export" && isPunct(tokens[k + 1], "*") && tokens[k + 2].text === "from") {
        // export * from "…";
        const target = this.resolveSpecifier(module.file, tokens[k + 3].value ?? "");
        const found = target && this.definition(this.load(target), name, seen);
        if (found) return found;
      }
    }
    return undefined;
  }

  private evaluate(module: Module, expr: Token[], scope: Scope, depth = 0): Values {
    if (depth > MOST_DEPTH || expr.length === 0) return null;
    const again = (part: Token[]) => this.evaluate(module, part, scope, depth + 1);
    if (expr.length > 2 && expr[expr.length - 2].text === "as") return again(expr.slice(0, -2));
    if (isPunct(expr[0], "(") && closing(expr, 0) === expr.length) return again(expr.slice(1, -1));
    const question = outerIndexes(expr, "?")[0];
    if (question !== undefined) {
      // condition ? a : b, either way: the ":" of this "?" is the first one a nested "?" has not taken.
      let nested = 0;
      let colon: number | undefined;
      for (const k of outerIndexes(expr, "?", ":").filter((k) => k > question)) {
        if (isPunct(expr[k], "?")) nested++;
        else if (nested === 0) {
          colon = k;
          break;
        } else nested--;
      }
      if (colon === undefined) return null;
      const a = again(expr.slice(question + 1, colon));
      const b = again(expr.slice(colon + 1));
      return a && b ? union(a, b) : null;
    }
    if (outerIndexes(expr, "??", "||", "&&").length > 0) return null;
    // Binary operators (each after an operand), loosest first: + and - from the left, then * / %, then ** from the right.
    for (const operators of [["+", "-"], ["*", "/", "%"], ["**"]]) {
      const binary = outerIndexes(expr, ...operators).filter((k) => k > 0 && (expr[k - 1].kind !== "punct" || isPunct(expr[k - 1], ")", "]")));
      const at = operators[0] === "**" ? binary[0] : binary.at(-1);
      if (at === undefined) continue;
      const op = expr[at].text;
      return combine(again(expr.slice(0, at)), again(expr.slice(at + 1)), (x, y) => {
        if (typeof x === "number" && typeof y === "number") return op === "+" ? x + y : ARITHMETIC[op](x, y);
        return op === "+" ? `${x}${y}` : null;
      });
    }
    if (expr.length === 1) return this.single(module, expr[0], scope, depth);
    // A call of a function of the module, or of one it imports: what it returns, given these arguments.
    if (expr[0].kind === "ident" && isPunct(expr[1], "(") && closing(expr, 1) === expr.length) {
      const found = this.definition(module, expr[0].text);
      if (!found?.fn || found.fn.returns.length === 0) return null;
      const args = listItems(expr, 1);
      const bound = new Map<string, Values>();
      found.fn.params.forEach((param, n) => {
        if (args[n]) bound.set(param.name, again(args[n]));
        else bound.set(param.name, param.fallback ? this.evaluate(found.module, param.fallback, NO_SCOPE, depth + 1) : null);
      });
      let values: (string | number)[] = [];
      for (const returned of found.fn.returns) {
        const each = this.evaluate(found.module, returned, (name) => bound.get(name), depth + 1);
        if (!each) return null;
        values = union(values, each);
      }
      return values;
    }
    return null;
  }

  private single(module: Module, t: Token, scope: Scope, depth: number): Values {
    if (t.kind === "string") return [t.value ?? ""];
    if (t.kind === "number") return [Number(t.text.replace(/_/g, ""))];
    if (t.kind === "template") {
      const { quasis, substitutions } = templateParts(t.text, 0);
      let values: Values = [unescapeString(quasis[0])];
      substitutions.forEach((source, n) => {
        values = combine(values, this.evaluate(module, tokenize(source), scope, depth + 1), (x, y) => `${x}${y}`);
        values = combine(values, [unescapeString(quasis[n + 1])], (x, y) => `${x}${y}`);
      });
      return values;
    }
    if (t.kind !== "ident") return null;
    const bound = scope(t.text);
    if (bound !== undefined) return bound;
    const found = this.definition(module, t.text);
    return found?.value ? this.evaluate(found.module, found.value, NO_SCOPE, depth + 1) : null;
  }

  /** The parameters of the functions around token `at`, each as the values its calls give it. */
  private scopeAt(module: Module, at: number, depth = 0): Scope {
    const around = module.functions.filter((f) => at >= f.body[0] && at <= f.body[1]).sort((a, b) => b.body[0] - a.body[0]);
    return (name) => {
      for (const fn of around) {
        const index = fn.params.findIndex((p) => p.name === name);
        if (index >= 0) return depth > 3 ? null : this.parameterValues(module, fn, index, depth);
      }
      return undefined;
    };
  }

  /**
   * What a function's parameter is given: at each call (in its module, or in one that imports it by its name), the
   * argument, else the parameter's default. Null when one of them is not fixed, or nothing calls the function.
   */
  private parameterValues(module: Module, fn: Fn, index: number, depth: number): Values {
    this.callers ??= this.callerFolders.flatMap((folder) => sourceFiles(join(this.root, folder)));
    const param = fn.params[index];
    let values: (string | number)[] = [];
    let calls = 0;
    for (const file of this.callers) {
      if (file !== module.file && !readFileSync(file, "utf8").includes(fn.name)) continue;
      const caller = this.load(file);
      if (file !== module.file && this.definition(caller, fn.name)?.fn !== fn) continue;
      const { tokens } = caller;
      for (let k = 1; k < tokens.length - 1; k++) {
        if (tokens[k].text !== fn.name || !isPunct(tokens[k + 1], "(") || tokens[k - 1].text === "function" || isPunct(tokens[k - 1], ".")) continue;
        calls++;
        const given = listItems(tokens, k + 1)[index];
        let each: Values = null;
        if (given) each = this.evaluate(caller, given, this.scopeAt(caller, k, depth + 1), depth + 1);
        else if (param.fallback) each = this.evaluate(module, param.fallback, NO_SCOPE, depth + 1);
        if (!each) return null;
        values = union(values, each);
      }
    }
    return calls > 0 ? values : null;
  }
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
    });
}
