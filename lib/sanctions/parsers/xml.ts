import { SaxesParser } from "saxes";
import { DatasetFormatError } from "../entity.ts";
import { headOf, readWhole, type SourceFile, utf8Lines } from "./source.ts";
import { decodeWithLabel } from "./text.ts";

export type XmlNode = Record<string, unknown>;

interface XmlReadOptions {
  /** Expected root element (without namespace prefix). */
  root: string;
  /** Elements that may repeat; they always come back as arrays. */
  repeated: ReadonlySet<string>;
  attributes?: boolean;
}

/** The declared encoding when it is not UTF-8 (such a file is decoded whole); null for UTF-8. */
function declaredEncoding(file: SourceFile): string | null {
  const head = new TextDecoder("latin1").decode(headOf(file, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1];
  return declared && !/^utf-?8$/i.test(declared) ? declared : null;
}

/** The file's text a piece at a time, and the last line holding more than white space once all is read. */
function* xmlText(file: SourceFile, lines: { last: number }): Generator<string> {
  const declared = declaredEncoding(file);
  if (declared) {
    const text = decodeWithLabel(readWhole(file), declared);
    lines.last = text.trimEnd().split("\n").length;
    yield text;
    return;
  }
  for (const line of utf8Lines(file)) {
    if (/\S/.test(line.text)) lines.last = line.line;
    yield line.last ? line.text : `${line.text}\n`;
  }
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** An element while it is open: its attributes and children so far, and its text pieces. */
interface OpenElement {
  name: string;
  node: XmlNode;
  text: string;
  hasContent: boolean;
}

/** A record element given as soon as it closes, and the container it stood in. */
export interface XmlRecord {
  name: string;
  node: XmlNode;
}

/**
 * Parses an XML file with every value kept as text (ids keep their leading zeros), in one pass of a validating
 * parser (saxes) fed a piece at a time: a mismatched or missing closing tag anywhere, a truncated file or an
 * undefined entity is refused with its line. The tree has the shape the list parsers read: attributes as "@name", an
 * element with neither attributes nor children as its trimmed text, otherwise an object with "#text"; `repeated`
 * elements always arrays. Elements named in `records` (record name → the container it must stand in) are given one
 * by one as they close and left out of the tree, so a large list is never held whole; the generator returns the rest
 * of the tree. A file found malformed after some records were given throws then: the caller's import fails as a whole.
 */
export function* readXmlRecords(file: SourceFile, options: XmlReadOptions, records: ReadonlyMap<string, string> = new Map()): Generator<XmlRecord, XmlNode> {
  const lines = { last: 0 };
  const parser = new SaxesParser({ fileName: file.name });
  const stack: OpenElement[] = [];
  const ready: XmlRecord[] = [];
  let root: XmlNode | null = null;
  let failure: DatasetFormatError | null = null;
  const fail = (message: string) => {
    failure ??= new DatasetFormatError(message);
    throw failure;
  };

  let ending = false;
  parser.on("error", (error) => {
    if (ending && root === null) {
      if (stack.length === 0) fail(`${file.name}: expected the root element <${options.root}>, found no element at all`);
      fail(
        stack.length === 1
          ? `${file.name} ends at line ${lines.last} before the closing </${options.root}> tag: the file is truncated`
          : `${file.name} ends at line ${lines.last} in the middle of an element: the file is truncated`,
      );
    }
    // saxes prefixes its messages with "file:line:column: ".
    const message = error.message.replace(/^.*?:\d+:\d+: /, "");
    fail(`${file.name} is not well-formed XML at line ${parser.line}, column ${parser.column + 1}: ${message}`);
  });
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (stack.length === 0 && root === null && name !== options.root) {
      fail(`${file.name}: expected the root element <${options.root}>, found <${name}>`);
    }
    const node: XmlNode = {};
    if (options.attributes) {
      for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) {
        if (key !== "xmlns" && !key.startsWith("xmlns:")) node[`@${localName(key)}`] = value;
      }
    }
    stack.push({ name, node, text: "", hasContent: Object.keys(node).length > 0 });
  });
  const addText = (value: string) => {
    if (stack.length) stack[stack.length - 1].text += value;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    const element = stack.pop()!;
    const trimmed = element.text.trim();
    let value: unknown;
    if (element.hasContent) {
      if (trimmed) element.node["#text"] = trimmed;
      value = element.node;
    } else {
      value = trimmed;
    }
    const parent = stack[stack.length - 1];
    if (!parent) {
      root = typeof value === "object" ? (value as XmlNode) : {};
      return;
    }
    parent.hasContent = true;
    if (records.get(element.name) === parent.name) {
      ready.push({ name: element.name, node: typeof value === "object" ? (value as XmlNode) : { "#text": value } });
      return;
    }
    const existing = parent.node[element.name];
    if (existing === undefined) parent.node[element.name] = options.repeated.has(element.name) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else parent.node[element.name] = [existing, value];
  });

  try {
    for (const piece of xmlText(file, lines)) {
      parser.write(piece);
      while (ready.length > 0) yield ready.shift()!;
    }
    ending = true;
    parser.close();
  } catch (error) {
    if (failure) throw failure;
    throw error;
  }
  while (ready.length > 0) yield ready.shift()!;
  if (root === null) fail(`${file.name}: expected the root element <${options.root}>, found no element at all`);
  return root!;
}

/** A repeated child as an array whatever the document held (absent, empty element, one or many). */
export function children(node: unknown, name: string): XmlNode[] {
  if (typeof node !== "object" || node === null) return [];
  const value = (node as XmlNode)[name];
  if (value === undefined || value === "") return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (typeof item === "object" && item !== null ? (item as XmlNode) : { "#text": item }));
}

/** The text of a child element or attribute ("" when absent). */
export function text(node: unknown, name: string): string {
  if (typeof node !== "object" || node === null) return "";
  const value = (node as XmlNode)[name];
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return text({ [name]: value[0] }, name);
  if (typeof value === "object") return String((value as XmlNode)["#text"] ?? "");
  return String(value);
}
