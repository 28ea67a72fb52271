import type { Mark, Node } from 'prosemirror-model';
import type { DocInline, DocText } from './document-shapes.js';
import { hrefOf, refOf } from './link-refs.js';
import { pageSchema, type SimpleMark } from './schema.js';

/**
 * Inline content in the `Document` form: `text` objects of `leaf`s with marks, and `link` inlines
 * wrapping texts. A link there is an inline around text; here it is a mark on the text.
 */

export function inlinesFromDocument(nodes: readonly DocInline[]): Node[] {
  return nodes.flatMap((node) =>
    node.object === 'text'
      ? textFromLeaves(node, [])
      : node.nodes.flatMap((text) => textFromLeaves(text, [pageSchema.marks.link!.create({ href: hrefOf(node.data.ref) })])),
  );
}

function textFromLeaves(text: DocText, outer: Mark[]): Node[] {
  return text.leaves
    .filter((leaf) => leaf.text !== '')
    .map((leaf) => {
      // addToSet sorts marks into schema order and drops a repeated mark.
      const marks = leaf.marks.reduce<readonly Mark[]>((set, mark) => pageSchema.marks[mark.type]!.create().addToSet(set), outer);
      return pageSchema.text(leaf.text, marks);
    });
}

/** The inline content of a text block; an empty block still has one empty text, as the service writes it. */
export function inlinesToDocument(parent: Node): DocInline[] {
  const out: DocInline[] = [];
  parent.forEach((node) => {
    const link = node.marks.find((mark) => mark.type.name === 'link');
    const leaf = {
      object: 'leaf' as const,
      text: node.text ?? '',
      marks: node.marks.filter((mark) => mark !== link).map((mark) => ({ object: 'mark' as const, type: mark.type.name as SimpleMark })),
    };
    const last = out.at(-1);
    if (!link) {
      if (last?.object === 'text') last.leaves.push(leaf);
      else out.push({ object: 'text', leaves: [leaf] });
    } else if (last?.object === 'inline' && hrefOf(last.data.ref) === link.attrs.href) {
      last.nodes[0]!.leaves.push(leaf);
    } else {
      out.push({ object: 'inline', type: 'link', isVoid: false, data: { ref: refOf(link.attrs.href as string) }, nodes: [{ object: 'text', leaves: [leaf] }] });
    }
  });
  return out.length > 0 ? out : [plainText('')];
}

export function plainText(text: string): DocText {
  return { object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] };
}

/** The text of plain texts (code lines, captions), which carry no marks. */
export function textOf(texts: readonly DocText[]): string {
  return texts.map((text) => text.leaves.map((leaf) => leaf.text).join('')).join('');
}
