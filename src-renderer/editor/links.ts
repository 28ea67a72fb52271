import type { Mark, MarkType, ResolvedPos } from 'prosemirror-model';
import { TextSelection, type EditorState, type Transaction } from 'prosemirror-state';
import { refOf } from '../../src-shared/content/link-refs.js';
import { pageSchema } from '../../src-shared/content/schema.js';
import type { PageLinks } from '../content/page-links.js';
import { navigate } from '../routing/use-route.js';
import { revealWhenDrawn } from '../content/reveal.js';

const link = pageSchema.marks.link!;

/** The extent of the mark of `type` around `$pos`, if the text there has one. */
export function markRange($pos: ResolvedPos, type: MarkType): { from: number; to: number; mark: Mark } | undefined {
  const { parent } = $pos;
  let index = $pos.index();
  let mark = type.isInSet(parent.maybeChild(index)?.marks ?? []);
  if (!mark && index > 0) mark = type.isInSet(parent.child(--index).marks);
  if (!mark) return undefined;
  let first = index;
  let last = index;
  while (first > 0 && mark.isInSet(parent.child(first - 1).marks)) first--;
  while (last + 1 < parent.childCount && mark.isInSet(parent.child(last + 1).marks)) last++;
  let from = $pos.start();
  for (let i = 0; i < first; i++) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i <= last; i++) to += parent.child(i).nodeSize;
  return { from, to, mark };
}

/** The link being edited: the one around the cursor (or `at`), else the selection (maybe empty). */
export function linkTarget(state: EditorState, at?: number): { from: number; to: number; href: string } {
  const { from, to, empty, $from } = at === undefined ? state.selection : { from: at, to: at, empty: true, $from: state.doc.resolve(at) };
  const around = markRange($from, link);
  if (around && (empty || (around.from <= from && around.to >= to))) return { from: around.from, to: around.to, href: String(around.mark.attrs.href) };
  return { from, to, href: '' };
}

/** Sets (or, with an empty href, takes off) the link over a range; an empty range gets `text` (the address, or a page's title) as its text. */
export function setLink(state: EditorState, target: { from: number; to: number }, href: string, text = href): Transaction {
  const tr = state.tr;
  if (!href) return tr.removeMark(target.from, target.to, link);
  if (target.from === target.to) {
    tr.insertText(text, target.from);
    tr.addMark(target.from, target.from + text.length, link.create({ href }));
    return tr.setSelection(TextSelection.create(tr.doc, target.from + text.length)).removeStoredMark(link);
  }
  tr.removeMark(target.from, target.to, link).addMark(target.from, target.to, link.create({ href }));
  // The cursor after the link, so that what is typed next does not replace it.
  return tr.setSelection(TextSelection.create(tr.doc, target.to));
}

/**
 * Follows a link of the page: a page of the branch opens in the app (scrolled to the heading a link
 * names), a web or mail address in a
 * new window (the desktop shell hands it to the system's browser); anything else goes nowhere.
 */
export function followLink(href: string, pages: PageLinks | undefined): void {
  const ref = refOf(href);
  const page = ref.kind === 'page' || ref.kind === 'anchor' ? ref.page : undefined;
  if (page !== undefined) {
    if (!pages?.pageOf(page)) return;
    navigate(pages.hrefOf(page));
    if (ref.kind === 'anchor') revealWhenDrawn(ref.anchor);
  } else if (ref.kind === 'anchor') revealWhenDrawn(ref.anchor);
  else if (ref.kind === 'url' && /^(https?|mailto):/i.test(href)) window.open(href, '_blank', 'noopener,noreferrer');
}
