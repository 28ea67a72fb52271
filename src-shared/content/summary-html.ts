import { Mark, type Node } from 'prosemirror-model';
import { pageSchema, type SimpleMark } from './schema.js';

/**
 * An expandable's title in Markdown: the inline HTML of a `<summary>` (Markdown is not read inside
 * an HTML block, so the service writes a title's marks as tags). Bold is `<strong>`, italic `<em>`,
 * strikethrough `<s>`, code `<code>`, a link `<a href="…">`; `<b>`, `<i>`, `<del>` and `<strike>`
 * are read too. Any other tag stays text, as it was before titles had marks.
 */
const TAG_OF: Record<SimpleMark, string> = { bold: 'strong', italic: 'em', strikethrough: 's', code: 'code' };
const MARK_OF: Record<string, SimpleMark> = { strong: 'bold', b: 'bold', em: 'italic', i: 'italic', s: 'strikethrough', del: 'strikethrough', strike: 'strikethrough', code: 'code' };

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\n': '&#10;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;' };
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The title's text as a `<summary>` line, each text's marks as tags in the schema's order (a link outermost). */
export function summaryLine(title: Node): string {
  let html = '';
  title.forEach((text) => {
    let open = '';
    let close = '';
    for (const mark of text.marks) {
      const tag = mark.type.name === 'link' ? 'a' : TAG_OF[mark.type.name as SimpleMark];
      open += tag === 'a' ? `<a href="${escape(String(mark.attrs.href), ATTRIBUTE_ESCAPES)}">` : `<${tag}>`;
      close = `</${tag}>${close}`;
    }
    html += `${open}${escape(text.text ?? '', TEXT_ESCAPES)}${close}`;
  });
  return `<summary>${html}</summary>`;
}

/** A `<summary>`'s inner HTML as text nodes with their marks; a closing tag never opened is text. */
export function readSummary(html: string): Node[] {
  const out: Node[] = [];
  const open: { tag: string; mark: ReturnType<typeof markOf> }[] = [];
  const push = (raw: string) => {
    const text = decodeReferences(raw);
    if (text !== '') out.push(pageSchema.text(text, open.reduce((set, entry) => entry.mark.addToSet(set), Mark.none)));
  };
  const TAG = /<(\/?)([a-zA-Z]+)((?:\s+href="[^"]*")?)\s*>/g;
  let from = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [whole, closing, name, href] = match as unknown as [string, string, string, string];
    const tag = name.toLowerCase();
    const known = tag === 'a' ? closing !== '' || href !== '' : MARK_OF[tag] !== undefined;
    const at = closing ? open.map((entry) => entry.tag).lastIndexOf(tag) : -1;
    if (!known || (closing && at === -1)) continue;
    push(html.slice(from, match.index));
    from = match.index + whole.length;
    if (closing) open.splice(at, 1);
    else open.push({ tag, mark: markOf(tag, href) });
  }
  push(html.slice(from));
  return out;
}

function markOf(tag: string, href: string) {
  if (tag === 'a') return pageSchema.marks.link!.create({ href: decodeReferences(/href="([^"]*)"/.exec(href)![1]!) });
  return pageSchema.marks[MARK_OF[tag]!]!.create();
}

function escape(text: string, escapes: Record<string, string>): string {
  return text.replace(/[&<>"\n\r]/g, (char) => escapes[char] ?? char);
}

/** HTML's character references (`&amp;`, `&#10;`, …) as the characters they stand for. */
function decodeReferences(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-z]+));/g, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
