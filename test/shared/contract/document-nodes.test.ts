import { describe, expect, it } from 'vitest';
import { JSONDocument } from '../../../src-shared/contract/common.js';

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

/** Where a document fails, as the API names it (`nodes.0.…`), or undefined when it is taken. */
function failure(document: unknown): string | undefined {
  const parsed = JSONDocument.safeParse(document);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('a Document as 0.146.0 describes its nodes', () => {
  it('takes the blocks, inlines, texts and fragments it knows, with fields it does not name kept', () => {
    const document = doc(
      { object: 'block', type: 'paragraph', nodes: [text('a'), { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://x.dev' } }, nodes: [text('x')] }] },
      { object: 'block', type: 'heading-1', data: {}, nodes: [text('Title')], meta: { id: 'title' } },
      { object: 'block', type: 'divider', isVoid: true, data: {} },
      { object: 'block', type: 'math', isVoid: true, data: { formula: 'x^2' } },
      { object: 'block', type: 'tabs', nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'One' }, nodes: [{ object: 'block', type: 'paragraph', nodes: [text('in a tab')] }] }] },
      { object: 'block', type: 'expandable', isVoid: true, data: {}, fragments: [{ object: 'fragment', fragment: 'body', nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] }] },
      { object: 'block', type: 'if', data: { condition: 'visitor.claims.beta' }, nodes: [{ object: 'block', type: 'paragraph', nodes: [text('beta')] }] },
    );
    expect(failure(document)).toBeUndefined();
    expect(JSONDocument.parse(document).nodes[1]).toHaveProperty('meta', { id: 'title' });
  });

  it.each([
    ['a leaf without marks', doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'x' }] }] }), /^nodes\.0\.nodes\.0\.leaves\.0\.marks: /],
    ['a block type it does not know', doc({ object: 'block', type: 'banner', nodes: [] }), /^nodes\.0\.type: /],
    ['a void block without isVoid', doc({ object: 'block', type: 'embed', data: { url: 'https://x.dev' } }), /^nodes\.0\.isVoid: an embed needs isVoid/],
    ['isVoid at the other value', doc({ object: 'block', type: 'paragraph', isVoid: true, nodes: [] }), /^nodes\.0\.isVoid: a paragraph has isVoid false/],
    ['a heading without data', doc({ object: 'block', type: 'heading-2', nodes: [text('x')] }), /^nodes\.0\.data: a heading-2 needs data/],
    ['an unknown mark', doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'x', marks: [{ object: 'mark', type: 'blink' }] }] }] }), /^nodes\.0\.nodes\.0\.leaves\.0\.marks\.0\.type: /],
    ['an inline it does not know', doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'sparkle', isVoid: true, data: {} }] }), /^nodes\.0\.nodes\.0\.type: /],
    ['a text at the top', doc(text('x')), /^nodes\.0\.object: /],
    ['a list item at the top', doc({ object: 'block', type: 'list-item', nodes: [] }), /^nodes\.0\.type: a list-item cannot stand at the top of a document/],
  ])('refuses %s, naming where', (_, document, where) => {
    expect(failure(document)).toMatch(where);
  });
});
