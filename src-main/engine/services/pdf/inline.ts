import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { refOf } from '../../../../src-shared/content/link-refs.js';
import { printable } from './printable.js';
import { COLOR, fontFor, type TextStyle } from './style.js';

/** The look of a text block's plain text, which its marks then vary. */
export interface BaseStyle {
  size: number;
  color: string;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
}

/** A stretch of text in one style. `text` may hold line breaks. */
export interface Run {
  text: string;
  style: TextStyle;
}

/** The runs of a text block (paragraph, heading, cell): its text nodes with their marks applied. */
export function runsOf(block: PmNodeJson, base: BaseStyle): Run[] {
  return (block.content ?? [])
    .filter((node) => node.type === 'text' && node.text)
    .map((node) => ({ text: clean(node.text!), style: styleOf(node.marks ?? [], base) }));
}

/** Plain text in one style, split into its lines' runs by the caller's line breaker. */
export function plainRun(text: string, style: TextStyle): Run {
  return { text: clean(text), style };
}

function styleOf(marks: { type: string; attrs?: Record<string, unknown> }[], base: BaseStyle): TextStyle {
  const has = (type: string) => marks.some((mark) => mark.type === type);
  const href = marks.find((mark) => mark.type === 'link')?.attrs?.href;
  // A `folio:` reference to a page or file has no address outside Folio; the PDF links only URLs.
  const link = typeof href === 'string' && href !== '' && refOf(href).kind === 'url' ? href : undefined;
  const code = has('code');
  return {
    font: fontFor({ bold: base.bold || has('bold'), italic: base.italic || has('italic'), mono: base.mono || code }),
    size: base.size,
    color: link ? COLOR.link : base.color,
    ...(link ? { link } : {}),
    ...(has('strikethrough') ? { strike: true } : {}),
    ...(code && !base.mono ? { shaded: true } : {}),
  };
}

/** Printable text, each line on its own (line breaks are kept for the line breaker). */
function clean(text: string): string {
  return text.split(/\r\n|\r|\n/).map(printable).join('\n');
}
