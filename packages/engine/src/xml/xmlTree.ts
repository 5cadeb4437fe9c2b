import { SaxesParser } from 'saxes';
import { writeFileToParser } from './streamFile.ts';

/*
 * A small element tree for TransXChange and NaPTAN XML, built on `saxes`. One TransXChange file
 * describes one or a few services (TNDS files are at most a few MB), and its parts refer to each
 * other by id in any order, so each file is held whole while it is read; a region of thousands
 * of files is still read one file at a time.
 */

/** One XML element: local name (namespace prefix dropped), attributes, child elements, trimmed text. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** 1-based line of the opening tag, for warnings. */
  line: number;
}

export type ParseXmlResult = { ok: true; root: XmlElement } | { ok: false; line: number; message: string };

/**
 * A SAX parser that builds a tree of each element named in `keep` (or of the root, when `keep`
 * is undefined) and hands it to `onElement` when it closes; the rest of the document is not
 * held. Errors are reported once, with their line.
 */
function treeParser(
  keep: ReadonlySet<string> | undefined,
  onElement: (el: XmlElement) => void,
  onError: (line: number, message: string) => void,
): SaxesParser {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let failed = false;
  parser.on('opentag', (tag) => {
    const colon = tag.name.indexOf(':');
    const name = colon >= 0 ? tag.name.slice(colon + 1) : tag.name;
    const parent = stack[stack.length - 1];
    if (!parent && keep && !keep.has(name)) return;
    const el: XmlElement = {
      name,
      attrs: tag.attributes as Record<string, string>,
      children: [],
      text: '',
      line: parser.line,
    };
    parent?.children.push(el);
    stack.push(el);
  });
  parser.on('text', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('closetag', () => {
    const el = stack.pop();
    if (!el) return;
    el.text = el.text.trim();
    if (stack.length === 0) onElement(el);
  });
  parser.on('error', (err) => {
    if (!failed) onError(parser.line, err.message);
    failed = true;
  });
  return parser;
}

/** Parses a whole XML document; a malformed document comes back as a message with its line. */
export function parseXmlTree(text: string): ParseXmlResult {
  let root: XmlElement | undefined;
  let error: { line: number; message: string } | undefined;
  const parser = treeParser(
    undefined,
    (el) => (root ??= el),
    (line, message) => (error ??= { line, message }),
  );
  try {
    parser.write(text).close();
  } catch (err) {
    error ??= { line: parser.line, message: (err as Error).message };
  }
  if (error) return { ok: false, ...error };
  if (!root) return { ok: false, line: 0, message: 'no root element' };
  return { ok: true, root };
}

/**
 * Streams an XML file from disk and hands over each element named in `names` as a tree, so a
 * file far larger than memory (the whole of NaPTAN) is read in one pass. Returns the first
 * error, or undefined.
 */
export function streamXmlElements(
  path: string,
  names: ReadonlySet<string>,
  onElement: (el: XmlElement) => void,
): { line: number; message: string } | undefined {
  let error: { line: number; message: string } | undefined;
  const parser = treeParser(names, onElement, (line, message) => (error ??= { line, message }));
  const err = writeFileToParser(path, parser);
  if (err) error ??= { line: parser.line, message: err.message };
  return error;
}

/** The first child element with this name, or undefined. */
export function findChild(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

/** The child elements with this name (empty when `el` is undefined). */
export function listChildren(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Text of the element at a path of child names ('' when any step is missing). */
export function textAt(el: XmlElement | undefined, ...path: string[]): string {
  let cur = el;
  for (const name of path) cur = findChild(cur, name);
  return cur?.text ?? '';
}
