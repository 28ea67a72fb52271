import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToPm } from '../../../src-shared/content/document-in.js';
import { pmToDocument } from '../../../src-shared/content/document-out.js';
import { markdownToPm } from '../../../src-shared/content/markdown-in.js';
import { pmToMarkdown } from '../../../src-shared/content/markdown-out.js';
import type { PmNodeJson } from '../../../src-shared/content/pm-json.js';
import { body, OPAQUE_BLOCKS } from './arbitraries.js';
import { canonical, EXAMPLES, value } from './examples.js';

const roundTrip = (pm: PmNodeJson) => value(documentToPm(value(pmToDocument(pm))));
const types = (pm: PmNodeJson): string[] => [pm.type, ...(pm.content ?? []).flatMap(types)];

describe('page body -> Document -> page body', () => {
  it.each(Object.entries(EXAMPLES))('%s', (_name, pm) => {
    expect(roundTrip(pm)).toEqual(canonical(pm));
  });

  it('holds for generated bodies, and no block of ours comes back opaque', () => {
    fc.assert(
      fc.property(body, (pm) => {
        const back = roundTrip(pm);
        expect(back).toEqual(canonical(pm));
        expect(types(back).filter((type) => type === 'opaque').length).toBe(types(pm).filter((type) => type === 'opaque').length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Document shapes', () => {
  const doc = (pm: PmNodeJson) => value(pmToDocument(pm));

  it('writes text as leaves with marks and links as inlines, keyed by block id', () => {
    expect(doc(EXAMPLES.link!).nodes[0]).toEqual({
      object: 'block',
      type: 'paragraph',
      key: 'p1',
      data: {},
      nodes: [
        { object: 'text', leaves: [{ object: 'leaf', text: 'see ', marks: [] }] },
        {
          object: 'inline',
          type: 'link',
          isVoid: false,
          data: { ref: { kind: 'url', url: 'https://folio.example/docs' } },
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'the docs', marks: [] }] }],
        },
        { object: 'text', leaves: [{ object: 'leaf', text: '.', marks: [] }] },
      ],
    });
    expect(doc(EXAMPLES.bold!).nodes[0]).toMatchObject({
      nodes: [{ leaves: [{ text: 'a ', marks: [] }, { text: 'bold', marks: [{ object: 'mark', type: 'bold' }] }, { text: ' word', marks: [] }] }],
    });
  });

  it('writes headings, lists, tasks, code lines, hints and dividers with the service type names', () => {
    expect(doc(EXAMPLES.heading!).nodes.map((block) => block.type)).toEqual(['heading-1', 'heading-2', 'heading-3']);
    expect(doc(EXAMPLES['numbered list']!).nodes[0]).toMatchObject({ type: 'list-ordered', data: { start: 3 }, nodes: [{ type: 'list-item' }] });
    expect(doc(EXAMPLES['task list']!).nodes[0]).toMatchObject({
      type: 'list-tasks',
      nodes: [{ type: 'list-item', data: { checked: true } }, { type: 'list-item', data: { checked: false } }],
    });
    const code = doc(EXAMPLES['code block']!).nodes[0]!;
    expect(code).toMatchObject({ type: 'code', key: 'c1', data: { syntax: 'ts' } });
    expect(code.nodes!.map((line) => (line as { type: string }).type)).toEqual(['code-line', 'code-line', 'code-line']);
    expect(doc(EXAMPLES.hint!).nodes[2]).toMatchObject({ type: 'hint', data: { style: 'warning' }, nodes: [{ type: 'paragraph' }] });
    expect(doc(EXAMPLES.divider!).nodes[1]).toEqual({ object: 'block', type: 'divider', key: 'd1', isVoid: true, data: {} });
  });

  it('writes an image as an images block with a caption fragment, and a file as a file reference', () => {
    expect(doc(EXAMPLES.image!).nodes[0]).toMatchObject({
      type: 'images',
      key: 'i1',
      isVoid: false,
      nodes: [
        {
          type: 'image',
          isVoid: true,
          data: { ref: { kind: 'url', url: 'https://img.example/cat.png' }, alt: 'A cat' },
          fragments: [{ object: 'fragment', fragment: 'caption', nodes: [{ type: 'paragraph', nodes: [{ leaves: [{ text: 'Our "cat"' }] }] }] }],
        },
      ],
    });
    expect(doc(EXAMPLES.file!).nodes[0]).toMatchObject({ type: 'file', key: 'f1', isVoid: true, data: { ref: { kind: 'file', file: 'Fa83kd0' } } });
  });

  it('writes a table as text columns, records and cell fragments', () => {
    const table = doc(EXAMPLES.table!).nodes[0] as unknown as {
      data: { view: unknown; definition: unknown; records: Record<string, { values: Record<string, string> }> };
      fragments: { fragment: string }[];
    };
    expect(table.data.view).toEqual({ type: 'grid', columns: ['c1', 'c2', 'c3'], hideHeader: false });
    expect(table.data.definition).toEqual({
      c1: { id: 'c1', title: 'Name', type: 'text', textAlignment: 'left' },
      c2: { id: 'c2', title: 'Role', type: 'text', textAlignment: 'center' },
      c3: { id: 'c3', title: '', type: 'text', textAlignment: 'right' },
    });
    expect(table.data.records.r1!.values).toEqual({ c1: 'x1', c2: 'x2', c3: 'x3' });
    expect(table.fragments.map((fragment) => fragment.fragment)).toEqual(['x1', 'x2', 'x3']);
  });
});

describe('Document -> page body', () => {
  const document = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });
  const paragraph = (key: string | undefined, text: string) => ({
    object: 'block',
    type: 'paragraph',
    ...(key === undefined ? {} : { key }),
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
  });

  it('keeps blocks it cannot represent verbatim, in any container, and writes them back unchanged', () => {
    const unsupported = [
      ...OPAQUE_BLOCKS.map((block, i) => ({ ...block, key: `o${i}` })),
      { object: 'block', type: 'images', key: 'g1', isVoid: false, data: {}, nodes: [] },
      { object: 'block', type: 'paragraph', key: 'p9', data: { align: 'center' }, nodes: [] },
      { object: 'block', type: 'blockquote', key: 'q1', data: {}, nodes: [{ object: 'block', type: 'code', key: 'c9', data: {}, nodes: [] }] },
    ];
    const pm = value(documentToPm(document(...unsupported)));
    expect(types(pm).filter((type) => type === 'opaque')).toHaveLength(unsupported.length);
    expect(value(pmToDocument(pm)).nodes).toEqual(unsupported);
  });

  it('reads an expandable whose title has marks and a link as an expandable, and writes the title back as it came', () => {
    const titleParagraph = {
      object: 'block',
      type: 'paragraph',
      key: 't1',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Read ', marks: [] }, { object: 'leaf', text: 'this', marks: [{ object: 'mark', type: 'bold' }] }] }],
    };
    const expandable = {
      object: 'block',
      type: 'expandable',
      key: 'e1',
      isVoid: true,
      data: {},
      fragments: [
        { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [titleParagraph] },
        { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [paragraph('p1', 'Body')] },
      ],
    };
    const pm = value(documentToPm(document(expandable)));
    expect(types(pm)).not.toContain('opaque');
    expect(pm.content![0]!.content![0]).toMatchObject({ type: 'expandable_title', content: [{ text: 'Read ' }, { text: 'this', marks: [{ type: 'bold' }] }] });
    const back = value(pmToDocument(pm)).nodes[0] as unknown as { fragments: { nodes: unknown[] }[] };
    expect(back.fragments[0]!.nodes[0]).toMatchObject({ key: 't1', nodes: [{ leaves: [{ text: 'Read ' }, { text: 'this', marks: [{ type: 'bold' }] }] }] });
  });

  it('keeps a block the container may not hold there opaque, and converts the rest around it', () => {
    const quote = { object: 'block', type: 'blockquote', key: 'q1', nodes: [paragraph('p1', 'a'), { object: 'block', type: 'hint', key: 'h1', data: { style: 'info' }, nodes: [paragraph('p2', 'b')] }] };
    const pm = value(documentToPm(document(quote)));
    expect(pm.content![0]!.content!.map((node) => node.type)).toEqual(['paragraph', 'opaque']);
    expect(value(pmToDocument(pm)).nodes[0]).toMatchObject({ key: 'q1', nodes: [{ key: 'p1' }, quote.nodes[1]!] });
  });

  it('gives blocks without a key, or with a key already used, a fresh unique id', () => {
    const pm = value(documentToPm(document(paragraph(undefined, 'a'), paragraph('same', 'b'), paragraph('same', 'c'))));
    const ids = pm.content!.map((node) => node.attrs!.id as string);
    expect(ids[1]).toBe('same');
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('reads the service-computed heading anchor as no content, and wants the fields 0.146.0 requires', () => {
    const heading = { object: 'block', type: 'heading-2', key: 'h', data: {}, meta: { id: 'intro' }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Intro', marks: [] }] }] };
    const divider = { object: 'block', type: 'divider', key: 'd', isVoid: true, data: {} };
    expect(value(documentToPm(document(heading, divider)))).toEqual({
      type: 'doc',
      content: [{ type: 'heading', attrs: { id: 'h', level: 2 }, content: [{ type: 'text', text: 'Intro' }] }, { type: 'divider', attrs: { id: 'd' } }],
    });
    const { data: _data, ...bare } = divider;
    expect(documentToPm(document(heading, bare))).toEqual({ ok: false, error: { kind: 'invalid-document', message: 'nodes.1.data: a divider needs data' } });
  });

  it('refuses what is not a Document, and a body that is not valid, as error values', () => {
    expect(documentToPm({ object: 'page' })).toMatchObject({ ok: false, error: { kind: 'invalid-document' } });
    expect(pmToDocument({ type: 'doc', content: [{ type: 'hint', attrs: { id: 'h', style: 'purple' }, content: [] }] })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-pm' },
    });
    expect(pmToDocument({ type: 'doc', content: [{ type: 'quote', attrs: { id: 'q' }, content: [{ type: 'image', attrs: { id: 'i', src: 'x' } }] }] })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-pm' },
    });
  });

  it('refuses a table whose rows do not have one cell per column', () => {
    const cell = { type: 'table_cell', attrs: { id: 'c' } };
    const pm = {
      type: 'doc',
      content: [{ type: 'table', attrs: { id: 't' }, content: [{ type: 'table_header', attrs: { id: 'h' } }, { type: 'table_row', attrs: { id: 'r' }, content: [cell, { ...cell, attrs: { id: 'd' } }] }] }],
    };
    expect(pmToDocument(pm)).toEqual({ ok: false, error: { kind: 'ragged-table', blockId: 't' } });
  });
});

describe('links to pages, anchors and files', () => {
  const REFS = [
    { kind: 'page', page: 'p1' },
    { kind: 'anchor', page: 'p1', anchor: 'setup' },
    { kind: 'anchor', anchor: 'here' },
    { kind: 'file', file: 'f1' },
    { kind: 'url', url: 'https://folio.example/' },
  ];

  it.each(REFS)('keeps %j as a link mark, through the body and its Markdown', (ref) => {
    const document = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'link', data: { ref }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'see', marks: [] }] }] }] }],
    };
    const pm = value(documentToPm(document));
    expect(types(pm)).toEqual(['doc', 'paragraph', 'text']);
    const back = value(pmToDocument(value(markdownToPm(value(pmToMarkdown(pm)))).body));
    expect((back.nodes[0] as { nodes: { data?: unknown }[] }).nodes[0]!.data).toEqual({ ref });
  });
});

describe('images of space files', () => {
  it('keep their file ref through the body and its Markdown', () => {
    const image = { object: 'block', type: 'image', isVoid: true, data: { ref: { kind: 'file', file: 'f1' }, alt: 'Diagram' }, fragments: [] };
    const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'images', isVoid: false, data: {}, nodes: [image] }] };
    const pm = value(documentToPm(document));
    expect(types(pm)).toEqual(['doc', 'image']);
    const back = value(pmToDocument(value(markdownToPm(value(pmToMarkdown(pm)))).body));
    expect((back.nodes[0] as { nodes: { data: unknown }[] }).nodes[0]!.data).toEqual({ ref: { kind: 'file', file: 'f1' }, alt: 'Diagram' });
  });
});
