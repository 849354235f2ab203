/**
 * A strict, small XML 1.0 reader for tests of the feeds and sitemaps: it throws on anything that is not
 * well-formed (a character XML forbids, an unknown entity, a bare `&` or `<`, unbalanced or misnested
 * tags, a duplicate attribute, text outside the root) and returns the element tree. It covers what the
 * feeds use (declaration, elements, attributes, text, the predefined and numeric entities); no DTD,
 * comments, CDATA or processing instructions besides the declaration are accepted.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities read), its children's left out. */
  text: string;
}

const FORBIDDEN_CHAR =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?/;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' };

function decode(text: string, where: number): string {
  if (text.includes("<")) throw new Error(`a bare "<" near ${where}`);
  return text.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new Error(`a bare "&" near ${where}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const numeric = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name);
    if (!numeric) throw new Error(`unknown entity &${name}; near ${where}`);
    const code = numeric[1]!.startsWith("x") ? parseInt(numeric[1]!.slice(1), 16) : Number(numeric[1]);
    const char = String.fromCodePoint(code);
    if (FORBIDDEN_CHAR.test(char)) throw new Error(`a reference to a forbidden character near ${where}`);
    return char;
  });
}

export function parseXml(xml: string): XmlElement {
  const forbidden = FORBIDDEN_CHAR.exec(xml);
  if (forbidden)
    throw new Error(
      `character U+${forbidden[0].charCodeAt(0).toString(16).padStart(4, "0")} at ${forbidden.index}`,
    );
  let at = 0;
  const declaration = /^<\?xml\s+version="1\.0"(\s+encoding="UTF-8")?\s*\?>/.exec(xml);
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (at < xml.length) {
    const next = xml.indexOf("<", at);
    const text = xml.slice(at, next === -1 ? xml.length : next);
    const parent = stack.at(-1);
    if (parent) parent.text += decode(text, at);
    else if (text.trim()) throw new Error(`text outside the root element near ${at}`);
    if (next === -1) break;
    at = next;
    if (xml.startsWith("</", at)) {
      const close = /^<\/([^\s>]+)\s*>/.exec(xml.slice(at));
      const open = stack.pop();
      if (!close || !open || close[1] !== open.name)
        throw new Error(`</${close?.[1] ?? "?"}> does not close <${open?.name ?? "nothing"}> near ${at}`);
      at += close[0].length;
      continue;
    }
    const name = NAME.exec(xml.slice(at + 1))?.[0];
    if (!name) throw new Error(`a bare "<" near ${at}`);
    at += 1 + name.length;
    const element: XmlElement = { name, attributes: {}, children: [], text: "" };
    for (;;) {
      const attribute = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(xml.slice(at));
      if (!attribute) break;
      const attributeName = attribute[1]!;
      if (attributeName in element.attributes) throw new Error(`attribute ${attributeName} twice near ${at}`);
      element.attributes[attributeName] = decode(attribute[3] ?? attribute[4] ?? "", at);
      at += attribute[0].length;
    }
    const end = /^\s*(\/?)>/.exec(xml.slice(at));
    if (!end) throw new Error(`a malformed tag <${name}> near ${at}`);
    at += end[0].length;
    if (stack.length === 0) {
      if (root) throw new Error(`a second root element <${name}>`);
      root = element;
    } else stack.at(-1)!.children.push(element);
    if (!end[1]) stack.push(element);
  }
  if (stack.length) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error("no root element");
  return root;
}

/** The direct children named `name`. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);

/** The text of the one direct child named `name` (undefined when there is none). */
export const childText = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text;
