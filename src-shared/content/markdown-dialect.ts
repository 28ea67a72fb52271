import { jsonShapeProblem } from '../json/json-shape.js';
import { DocumentBlock } from '../contract/document-nodes.js';
import { HINT_STYLES, type HintStyle } from './schema.js';

/**
 * The service's Markdown dialect for what CommonMark has no syntax for:
 * - hints: `{% hint style="info" %}` … `{% endhint %}` around blocks;
 * - files: `{% file src="<file id>" %}caption{% endfile %}` on one line (a caption between the
 *   tags on lines of their own is read too);
 * - blocks the model keeps opaque: `<!-- folio-block {…} -->`, the block's `Document` JSON, so
 *   that they come back intact from Markdown as well.
 */

export type Tag =
  | { kind: 'hint'; style: HintStyle }
  | { kind: 'endhint' }
  /** `caption` is undefined when the caption follows on lines of its own, up to `{% endfile %}`. */
  | { kind: 'file'; fileId: string; caption: string | undefined }
  | { kind: 'endfile' };

const HINT = /^\{%\s*hint\s+style="([a-z]+)"\s*%\}$/;
const END = /^\{%\s*(endhint|endfile)\s*%\}$/;
const FILE = /^\{%\s*file\s+src="([^"]*)"\s*%\}(?:(.*)\{%\s*endfile\s*%\})?$/;

export function readTag(line: string): Tag | undefined {
  const text = line.trim();
  const hint = HINT.exec(text);
  if (hint) return HINT_STYLES.includes(hint[1] as HintStyle) ? { kind: 'hint', style: hint[1] as HintStyle } : undefined;
  const end = END.exec(text);
  if (end) return { kind: end[1] as 'endhint' | 'endfile' };
  const file = FILE.exec(text);
  if (file) return { kind: 'file', fileId: unescapeTagText(file[1]!), caption: file[2] === undefined ? undefined : unescapeTagText(file[2]) };
  return undefined;
}

export const hintOpen = (style: HintStyle) => `{% hint style="${style}" %}`;
export const HINT_CLOSE = '{% endhint %}';
export const fileLine = (fileId: string, caption: string) => `{% file src="${escapeTagText(fileId)}" %}${escapeTagText(caption)}{% endfile %}`;

/**
 * A tag line is read raw, not as Markdown, so its text escapes only what would end the attribute,
 * the line or the tag: `&`, `"`, `{`, `}` and line breaks, as character references.
 */
const TAG_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '{': '&#123;', '}': '&#125;', '\n': '&#10;', '\r': '&#13;' };
const TAG_UNESCAPES = Object.fromEntries(Object.entries(TAG_ESCAPES).map(([char, reference]) => [reference, char]));

function escapeTagText(text: string): string {
  return text.replace(/[&"{}\n\r]/g, (char) => TAG_ESCAPES[char]!);
}

function unescapeTagText(text: string): string {
  return text.replace(/&(?:amp|quot|#123|#125|#10|#13);/g, (reference) => TAG_UNESCAPES[reference]!);
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
