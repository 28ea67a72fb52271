import { InputRule, inputRules, wrappingInputRule } from 'prosemirror-inputrules';
import type { MarkType, NodeType } from 'prosemirror-model';
import { TextSelection, type Command, type Plugin } from 'prosemirror-state';
import { pageSchema } from '../../src-shared/content/schema.js';
import { refusedHref } from './link-address.js';

const { nodes, marks } = pageSchema;

/**
 * A textblock typed at its start into another kind (`# ` → heading), keeping its id: the stock
 * `textblockTypeInputRule` replaces the attributes, and the id is what comments follow.
 */
function textblockRule(pattern: RegExp, type: NodeType, attrs: (match: RegExpMatchArray) => Record<string, unknown>): InputRule {
  return new InputRule(pattern, (state, match, start, end) => {
    const $start = state.doc.resolve(start);
    const index = $start.index(-1);
    if (!$start.node(-1).canReplaceWith(index, index + 1, type)) return null;
    const tr = state.tr.delete(start, end);
    const at = $start.before();
    tr.clearIncompatible(at, type);
    return tr.setNodeMarkup(at, type, { ...attrs(match), id: $start.parent.attrs.id as string | null });
  });
}

/** `---` (or `***`, `___`) alone in a paragraph: a divider in its place, the cursor in a paragraph after it. */
const dividerRule = new InputRule(/^(?:---|\*\*\*|___)$/, (state, _match, start) => {
  const $start = state.doc.resolve(start);
  if ($start.parent.type !== nodes.paragraph) return null;
  const index = $start.index(-1);
  if (!$start.node(-1).canReplaceWith(index, index + 1, nodes.divider!)) return null;
  const from = $start.before();
  const tr = state.tr.replaceWith(from, $start.after(), [nodes.divider!.create(), nodes.paragraph!.create()]);
  return tr.setSelection(TextSelection.create(tr.doc, from + 2));
});

/**
 * Text between Markdown delimiters typed in full (`**bold**`): the delimiters go and the text takes
 * the mark. The last group of the pattern is the text.
 */
function markRule(pattern: RegExp, type: MarkType, attrs?: (match: RegExpMatchArray) => Record<string, unknown> | null): InputRule {
  return new InputRule(
    pattern,
    (state, match, start, end) => {
      const text = match[1] ?? '';
      const markAttrs = attrs ? attrs(match) : {};
      if (markAttrs === null || !text) return null;
      const tr = state.tr.replaceWith(start, end, pageSchema.text(text, [...state.doc.resolve(start).marks(), type.create(markAttrs)]));
      return tr.removeStoredMark(type);
    },
    { inCodeMark: false },
  );
}

/** An address typed and followed by a space becomes a link on itself. */
const autolinkRule = new InputRule(/(?:^|\s)((?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)\]'])(\s)$/, (state, match, start, end) => {
  const address = match[1]!;
  const from = end - match[0].length + match[0].indexOf(address);
  const to = from + address.length;
  if (state.doc.rangeHasMark(from, to, marks.link!)) return null;
  const href = address.startsWith('www.') ? `https://${address}` : address;
  return state.tr.addMark(from, to, marks.link!.create({ href })).insertText(match[2]!, end);
}, { inCodeMark: false });

/** The input rules of the editor's Markdown habits (docs/editor.md). */
export function markdownInputRules(tell: (message: string) => void): Plugin {
  const linkRule = new InputRule(/\[([^\]]+)\]\(([^)\s]+)\)$/, (state, match, start, end) => {
    const [, text, href] = match as unknown as [string, string, string];
    const refused = refusedHref(href);
    if (refused) {
      tell(refused);
      return null;
    }
    return state.tr.replaceWith(start, end, pageSchema.text(text, [...state.doc.resolve(start).marks(), marks.link!.create({ href })]));
  }, { inCodeMark: false });
  return inputRules({
    rules: [
      textblockRule(/^(#{1,3})\s$/, nodes.heading!, (match) => ({ level: match[1]!.length })),
      textblockRule(/^```([\w+#.-]*)\s$/, nodes.code_block!, (match) => ({ language: (match[1] ?? '').toLowerCase() })),
      wrappingInputRule(/^\s*[-*+]\s$/, nodes.bullet_list!),
      wrappingInputRule(
        /^(\d+)\.\s$/,
        nodes.ordered_list!,
        (match) => ({ start: Number(match[1]) }),
        (match, node) => node.childCount + (node.attrs.start as number) === Number(match[1]),
      ),
      taskRule,
      wrappingInputRule(/^\s*>\s$/, nodes.quote!),
      dividerRule,
      markRule(/\*\*([^*\s](?:[^*]*[^*\s])?)\*\*$/, marks.bold!),
      markRule(/__([^_\s](?:[^_]*[^_\s])?)__$/, marks.bold!),
      markRule(/(?<![*\w])\*([^*\s](?:[^*]*[^*\s])?)\*$/, marks.italic!),
      markRule(/(?<![_\w])_([^_\s](?:[^_]*[^_\s])?)_$/, marks.italic!),
      markRule(/~~([^~\s](?:[^~]*[^~\s])?)~~$/, marks.strikethrough!),
      markRule(/`([^`]+)`$/, marks.code!),
      linkRule,
      autolinkRule,
    ],
  });
}

/** `[ ] ` or `[x] ` at the start of a paragraph: a task list, checked for `x`. */
const taskRule = new InputRule(/^\[( |x|X)?\]\s$/, (state, match, start, end) => {
  const tr = state.tr.delete(start, end);
  const range = tr.doc.resolve(start).blockRange();
  if (!range || !range.parent.canReplaceWith(range.startIndex, range.endIndex, nodes.task_list!)) return null;
  const wrapped = tr.wrap(range, [{ type: nodes.task_list! }, { type: nodes.task_item! }]);
  if (match[1]?.toLowerCase() === 'x') {
    const $item = wrapped.doc.resolve(wrapped.mapping.map(start));
    for (let depth = $item.depth; depth > 0; depth--) {
      if ($item.node(depth).type === nodes.task_item) {
        wrapped.setNodeAttribute($item.before(depth), 'checked', true);
        break;
      }
    }
  }
  return wrapped;
});

/** Enter after "```lang" alone in a paragraph: a code block of that language, as Markdown fences it. */
export const fenceOnEnter: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type !== nodes.paragraph || $from.parentOffset !== $from.parent.content.size) return false;
  const match = /^```([\w+#.-]*)$/.exec($from.parent.textContent);
  if (!match) return false;
  const index = $from.index(-1);
  if (!$from.node(-1).canReplaceWith(index, index + 1, nodes.code_block!)) return false;
  if (!dispatch) return true;
  const tr = state.tr.delete($from.start(), $from.end());
  tr.clearIncompatible($from.before(), nodes.code_block!);
  tr.setNodeMarkup($from.before(), nodes.code_block!, { id: $from.parent.attrs.id as string | null, language: (match[1] ?? '').toLowerCase() });
  dispatch(tr.scrollIntoView());
  return true;
};
