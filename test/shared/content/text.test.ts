import { describe, expect, it } from 'vitest';
import { documentToPm } from '../../../src-shared/content/document-in.js';
import { markdownToPm } from '../../../src-shared/content/markdown-in.js';
import { blockText, sections } from '../../../src-shared/content/text.js';
import { value } from './examples.js';

const fromMd = (markdown: string) => value(markdownToPm(markdown)).body;

describe('plain text', () => {
  it('joins a block’s text without its marks, and puts nested blocks on lines of their own', () => {
    const [list] = fromMd('- a **bold** `code` [link](/x)\n- second\n  > quoted\n').content!;
    expect(blockText(list!)).toBe('a bold code link\nsecond\nquoted');
  });

  it('reads images, files, tables, code and opaque blocks', () => {
    const body = fromMd('![alt text](a.png "The caption")\n\n{% file src="F" %}Report{% endfile %}\n\n| h |\n|---|\n| c |\n\n```\nx = 1\n```\n');
    expect(body.content!.map(blockText)).toEqual(['alt text\nThe caption', 'Report', 'h\nc', 'x = 1']);
    const math = { object: 'block', type: 'tabs', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'in ', marks: [] }, { object: 'leaf', text: 'tabs', marks: [] }] }] }, { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'two', marks: [] }] }] }] };
    expect(blockText(value(documentToPm({ object: 'document', data: {}, nodes: [math] })).content![0]!)).toBe('in tabs\ntwo');
  });
});

describe('sections', () => {
  it('cuts the body at top-level headings, with what comes before the first one apart', () => {
    const body = fromMd('Preamble.\n\n# One\n\nFirst body.\n\n- item\n\n## Two\n\n> ## not a section\n');
    const ids = body.content!.filter((node) => node.type === 'heading').map((node) => node.attrs!.id);
    expect(sections(body)).toEqual([
      { id: null, title: '', body: 'Preamble.' },
      { id: ids[0], title: 'One', body: 'First body.\nitem' },
      { id: ids[1], title: 'Two', body: 'not a section' },
    ]);
  });

  it('has no section for an empty body', () => {
    expect(sections({ type: 'doc', content: [] })).toEqual([]);
  });
});
