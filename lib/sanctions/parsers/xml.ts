import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DatasetFormatError, type DatasetFile } from "../entity.ts";
import { decodeUtf8, decodeWithLabel } from "./text.ts";

export type XmlNode = Record<string, unknown>;

interface XmlReadOptions {
  /** Expected root element (without namespace prefix). */
  root: string;
  /** Elements that may repeat; they always come back as arrays. */
  repeated: ReadonlySet<string>;
  attributes?: boolean;
}

function decodeXml(file: DatasetFile): string {
  const head = new TextDecoder("latin1").decode(file.content.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1];
  return declared && !/^utf-?8$/i.test(declared) ? decodeWithLabel(file, declared) : decodeUtf8(file);
}

const lineCount = (text: string) => text.trimEnd().split("\n").length;

/** Runs the validator only once the parser has failed, to say where; a problem on the last line is a cut-off file. */
function describeParseFailure(fileName: string, text: string, parserMessage: string): string {
  const result = XMLValidator.validate(text);
  if (result === true) return `${fileName} is not well-formed XML: ${parserMessage}`;
  const { line, col, msg } = result.err;
  if (line >= lineCount(text)) return `${fileName} ends at line ${line} in the middle of an element: the file is truncated`;
  return `${fileName} is not well-formed XML at line ${line}, column ${col}: ${msg}`;
}

/**
 * Parses a whole XML file with every value kept as text (ids keep their leading zeros) and the
 * standard and numeric character references decoded. A truncated file is refused: the parser
 * accepts a document cut between two elements, so the closing root tag is checked explicitly.
 */
export function readXml(file: DatasetFile, options: XmlReadOptions): XmlNode {
  const text = decodeXml(file);
  const parser = new XMLParser({
    ignoreAttributes: !options.attributes,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    htmlEntities: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    jPath: false,
    isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && options.repeated.has(name),
  });
  let document: XmlNode;
  try {
    document = parser.parse(text) as XmlNode;
  } catch (error) {
    throw new DatasetFormatError(describeParseFailure(file.name, text, (error as Error).message));
  }
  const roots = Object.keys(document);
  if (!(options.root in document)) {
    const found = roots.length ? `<${roots[0]}>` : "no element at all";
    throw new DatasetFormatError(`${file.name}: expected the root element <${options.root}>, found ${found}`);
  }
  if (!new RegExp(`</(?:[\\w.-]+:)?${options.root}\\s*>\\s*$`).test(text.slice(-1000))) {
    throw new DatasetFormatError(
      `${file.name} ends at line ${lineCount(text)} before the closing </${options.root}> tag: the file is truncated`,
    );
  }
  const root = document[options.root];
  return typeof root === "object" && root !== null ? (root as XmlNode) : {};
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
