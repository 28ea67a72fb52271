import { jsonShapeProblem } from '../json/json-shape.js';
import { DocumentBlock } from '../contract/document-nodes.js';
import { HINT_STYLES, type HintStyle } from './schema.js';

/**
 * The service's Markdown dialect for what CommonMark has no syntax for:
 * - hints: `{% hint style="info" %}` … `{% endhint %}` around blocks;
 * - files: `{% file src="<file id>" %}caption{% endfile %}` on one line (a caption between the
 *   tags on lines of their own is read too);
 * - tabs: `{% tabs %}`, then each tab as `{% tab title="…" %}` … `{% endtab %}`, then `{% endtabs %}`;
 * - embeds: `{% embed url="…" %}`;
 * - expandables: `<details>`, `<summary>title</summary>`, the body's blocks, `</details>`, each
 *   separated by a blank line (HTML blocks, as the service writes them);
 * - math: `$$`, the formula's lines, `$$` (`markdown-math.ts`);
 * - blocks the model keeps opaque: `<!-- folio-block {…} -->`, the block's `Document` JSON, so
 *   that they come back intact from Markdown as well.
 */

export type Tag =
  | { kind: 'hint'; style: HintStyle }
  | { kind: 'endhint' }
  /** `caption` is undefined when the caption follows on lines of its own, up to `{% endfile %}`. */
  | { kind: 'file'; fileId: string; caption: string | undefined }
  | { kind: 'endfile' }
  | { kind: 'tabs' }
  | { kind: 'endtabs' }
  | { kind: 'tab'; title: string }
  | { kind: 'endtab' }
  | { kind: 'embed'; url: string };

/** The tags that open a container, and the tag that closes each. */
export const CLOSERS = { hint: 'endhint', tabs: 'endtabs', tab: 'endtab' } as const;

const HINT = /^\{%\s*hint\s+style="([a-z]+)"\s*%\}$/;
const END = /^\{%\s*(endhint|endfile|tabs|endtabs|endtab)\s*%\}$/;
const TAB = /^\{%\s*tab\s+title="([^"]*)"\s*%\}$/;
const EMBED = /^\{%\s*embed\s+url="([^"]*)"\s*%\}$/;
const FILE = /^\{%\s*file\s+src="([^"]*)"\s*%\}(?:(.*)\{%\s*endfile\s*%\})?$/;

export function readTag(line: string): Tag | undefined {
  const text = line.trim();
  const hint = HINT.exec(text);
  if (hint) return HINT_STYLES.includes(hint[1] as HintStyle) ? { kind: 'hint', style: hint[1] as HintStyle } : undefined;
  const end = END.exec(text);
  if (end) return { kind: end[1] as 'endhint' | 'endfile' | 'tabs' | 'endtabs' | 'endtab' };
  const tab = TAB.exec(text);
  if (tab) return { kind: 'tab', title: unescapeTagText(tab[1]!) };
  const embed = EMBED.exec(text);
  if (embed) return { kind: 'embed', url: unescapeTagText(embed[1]!) };
  const file = FILE.exec(text);
  if (file) return { kind: 'file', fileId: unescapeTagText(file[1]!), caption: file[2] === undefined ? undefined : unescapeTagText(file[2]) };
  return undefined;
}

export const hintOpen = (style: HintStyle) => `{% hint style="${style}" %}`;
export const HINT_CLOSE = '{% endhint %}';
export const TABS_OPEN = '{% tabs %}';
export const TABS_CLOSE = '{% endtabs %}';
export const tabOpen = (title: string) => `{% tab title="${escapeTagText(title)}" %}`;
export const TAB_CLOSE = '{% endtab %}';
export const embedLine = (url: string) => `{% embed url="${escapeTagText(url)}" %}`;
export const fileLine = (fileId: string, caption: string) => `{% file src="${escapeTagText(fileId)}" %}${escapeTagText(caption)}{% endfile %}`;

/**
 * A tag line is read raw, not as Markdown, so its text escapes only what would end the attribute,
 * the line or the tag: `"`, `{`, `}` and line breaks, as character references; and `&` only where
 * it would read as one of those references, so that an address's `&` stays as the service writes it.
 */
const TAG_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '{': '&#123;', '}': '&#125;', '\n': '&#10;', '\r': '&#13;' };
const TAG_UNESCAPES = Object.fromEntries(Object.entries(TAG_ESCAPES).map(([char, reference]) => [reference, char]));

function escapeTagText(text: string): string {
  return text.replace(/&(?=(?:amp|quot|#123|#125|#10|#13);)|["{}\n\r]/g, (char) => TAG_ESCAPES[char]!);
}

function unescapeTagText(text: string): string {
  return text.replace(/&(?:amp|quot|#123|#125|#10|#13);/g, (reference) => TAG_UNESCAPES[reference]!);
}

/**
 * An expandable's HTML lines. The title is the `<summary>`'s inline HTML, read raw: its text and
 * marks are written and read by `summary-html.ts`.
 */
export const DETAILS_OPEN = '<details>';
export const DETAILS_CLOSE = '</details>';

/** `title`: the `<summary>`'s inner HTML as written (`readSummary` reads its marks). */
export type DetailsPart = { kind: 'open'; title: string | undefined } | { kind: 'summary'; title: string } | { kind: 'close' };

/** `<details>` (with its `<summary>` when written on the next line), a `<summary>` alone, or `</details>`. */
export function readDetails(html: string): DetailsPart | undefined {
  const text = html.trim();
  if (text === DETAILS_CLOSE) return { kind: 'close' };
  const open = /^<details>(?:\s*<summary>(.*)<\/summary>)?$/s.exec(text);
  if (open) return { kind: 'open', title: open[1] };
  const summary = /^<summary>(.*)<\/summary>$/s.exec(text);
  return summary ? { kind: 'summary', title: summary[1]! } : undefined;
}

/**
 * How an HTML node among a container's children changes the nesting of the blocks after it: +1
 * after a tag or `<details>` that opens a container (tabs and tab are two levels, as in the
 * model), -1 after one that closes it.
 */
export function nestingStep(html: string): number {
  const tag = readTag(html);
  if (tag) return tag.kind in CLOSERS ? 1 : Object.values(CLOSERS).includes(tag.kind as never) ? -1 : 0;
  const details = readDetails(html);
  return details?.kind === 'open' ? 1 : details?.kind === 'close' ? -1 : 0;
}


const OPAQUE = /^<!-- folio-block (.*) -->$/;

/** `--` can stand only inside JSON strings, where `\u002d` says the same without ending the comment. */
export function opaqueComment(block: unknown): string {
  return `<!-- folio-block ${JSON.stringify(block).replace(/-(?=-)/g, '\\u002d')} -->`;
}

/**
 * The block an opaque comment holds, or undefined when the HTML is anything else, a block
 * included: one the API's `Document` would not take stays text, as other HTML does, and so does
 * JSON nested past the limit (the block would be held, stored and written out recursively).
 */
export function readOpaque(html: string): Record<string, unknown> | undefined {
  const match = OPAQUE.exec(html.trim());
  if (!match || jsonShapeProblem(match[1]!) !== undefined) return undefined;
  try {
    const block = DocumentBlock.safeParse(JSON.parse(match[1]!));
    return block.success ? block.data : undefined;
  } catch {
    return undefined;
  }
}
