/**
 * The little XML the Doc 3040 needs: an element tree (name, attributes in
 * order, children), its text with attribute values escaped, and a reader for
 * the Central Bank's example files and saved parts (declaration, comments,
 * elements with double- or single-quoted attributes; no text content, which
 * the layout does not use).
 */
export interface XmlElement {
  name: string;
  attrs: Array<[string, string]>;
  children: XmlElement[];
}

export function el(name: string, attrs: Record<string, string | number | undefined | null>, children: XmlElement[] = []): XmlElement {
  const list: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(attrs)) if (value !== undefined && value !== null && value !== '') list.push([key, String(value)]);
  return { name, attrs: list, children };
}

export function attr(element: XmlElement, name: string): string | undefined {
  return element.attrs.find(([k]) => k === name)?.[1];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeAttr(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are not allowed in XML 1.0 attribute values
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

export function openTag(element: XmlElement, selfClose: boolean): string {
  const attrs = element.attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  return `<${element.name}${attrs}${selfClose ? '/>' : '>'}`;
}

/** The element as text, one line per element, indented by depth. */
export function elementText(element: XmlElement, depth = 0): string {
  const pad = '\t'.repeat(depth);
  if (element.children.length === 0) return `${pad}${openTag(element, true)}\n`;
  return `${pad}${openTag(element, false)}\n${element.children.map((c) => elementText(c, depth + 1)).join('')}${pad}</${element.name}>\n`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e],
  );
}

export class XmlSyntaxError extends Error {}

/** Reads a document into its root element (throws XmlSyntaxError naming the offset of what it could not read). */
export function parseXml(text: string): XmlElement {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const TAG = /<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  const ATTR = /([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const CLOSE = /<\/([A-Za-z_][\w.-]*)\s*>/y;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      if (text.slice(i).trim() !== '') throw new XmlSyntaxError(`texto fora de elemento na posição ${i}`);
      break;
    }
    if (text.slice(i, lt).trim() !== '') throw new XmlSyntaxError(`texto fora de elemento na posição ${i}`);
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt);
      if (end < 0) throw new XmlSyntaxError(`declaração sem fim na posição ${lt}`);
      i = end + 2;
      continue;
    }
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlSyntaxError(`comentário sem fim na posição ${lt}`);
      i = end + 3;
      continue;
    }
    CLOSE.lastIndex = lt;
    const close = CLOSE.exec(text);
    if (close) {
      const open = stack.pop();
      if (!open || open.name !== close[1]) throw new XmlSyntaxError(`</${close[1]}> não fecha o elemento aberto na posição ${lt}`);
      i = CLOSE.lastIndex;
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(text);
    if (!tag) throw new XmlSyntaxError(`marcação inválida na posição ${lt}`);
    const element: XmlElement = { name: tag[1], attrs: [], children: [] };
    for (const m of tag[2].matchAll(ATTR)) element.attrs.push([m[1], unescape(m[2] ?? m[3] ?? '')]);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new XmlSyntaxError(`segundo elemento raiz na posição ${lt}`);
    else root = element;
    if (tag[3] !== '/') stack.push(element);
    i = TAG.lastIndex;
  }
  if (stack.length) throw new XmlSyntaxError(`<${stack[stack.length - 1].name}> não foi fechado`);
  if (!root) throw new XmlSyntaxError('documento vazio');
  return root;
}
