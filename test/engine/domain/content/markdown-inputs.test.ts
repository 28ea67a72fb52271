import { describe, expect, it } from 'vitest';
import { markdownInputs } from '../../../../src-main/engine/domain/content/markdown-inputs.js';

describe('the Markdown texts a request carries', () => {
  it('finds every {markdown} document, each text once, and marks the documents of new pages', () => {
    const body = {
      changes: [
        { operation: 'insert_page', title: 'One', document: { markdown: '# One\n' } },
        { operation: 'update_page', page: 'p1', document: { markdown: '# Edited\n' } },
        { operation: 'insert_page', title: 'Two', document: { markdown: '# Edited\n' } },
        { operation: 'insert_page', title: 'Three', document: { document: { nodes: [] } } },
      ],
      comment: { markdown: 'A *comment*' },
    };
    expect(markdownInputs(body).sort((a, b) => a.markdown.localeCompare(b.markdown))).toEqual([
      { markdown: '# Edited\n', newPage: true },
      { markdown: '# One\n', newPage: true },
      { markdown: 'A *comment*', newPage: false },
    ]);
  });

  it('reads no text that is not a document input', () => {
    expect(markdownInputs({ title: 'x', markdown: 'not alone', nested: [{ markdown: 1 }] })).toEqual([]);
    expect(markdownInputs(undefined)).toEqual([]);
  });
});
