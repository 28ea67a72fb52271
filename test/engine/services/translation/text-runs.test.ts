import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PmNodeJson } from '../../../../src-shared/content/index.js';
import { mapText, mapTextRuns } from '../../../../src-main/engine/services/translation/text-runs.js';
import { body } from '../../../shared/content/arbitraries.js';

/** A "translation" that marks what it was given, so that the original can be read back. */
const mark = (piece: string) => `«${piece}»`;
const unmark = (json: PmNodeJson): PmNodeJson => JSON.parse(JSON.stringify(json).replace(/«([^«»]*)»/g, '$1')) as PmNodeJson;

function pieces(text: string): string[] {
  const seen: string[] = [];
  mapText(text, (piece) => {
    seen.push(piece);
    return piece;
  });
  return seen;
}

/** Every node kept as it is by translation: code blocks, opaque blocks and inline code, in order. */
function kept(node: PmNodeJson): PmNodeJson[] {
  if (node.type === 'code_block' || node.type === 'opaque') return [node];
  if (node.marks?.some((m) => m.type === 'code')) return [node];
  return (node.content ?? []).flatMap(kept);
}

describe('text runs of a body', () => {
  it('translating changes only text: structure, marks, links, code and opaque blocks stay; nothing is lost', () => {
    fc.assert(
      fc.property(body, (doc) => {
        const translated = mapTextRuns(doc, mark);
        expect(unmark(translated)).toEqual(doc);
        expect(kept(translated)).toEqual(kept(doc));
      }),
      { numRuns: 200 },
    );
  });

  it('addresses, e-mail addresses and the spaces around a run are not sent; pieces without letters neither', () => {
    expect(pieces('  Read https://example.com/a?b=1 and www.example.org, or write to help@example.com.  ')).toEqual(['Read', 'and', ', or write to']);
    expect(mapText('  Read https://example.com/a.  ', mark)).toBe('  «Read» https://example.com/a.  ');
    expect(pieces(' 42 — ... ')).toEqual([]);
  });

  it('image alternative text and captions, and file captions, are translated; sources are not', () => {
    const doc: PmNodeJson = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { id: 'i', src: 'https://img.example/a.png', alt: 'A cat', caption: 'Our cat' } },
        { type: 'file', attrs: { id: 'f', fileId: 'abc', caption: 'The report' } },
      ],
    };
    expect(mapTextRuns(doc, mark).content).toEqual([
      { type: 'image', attrs: { id: 'i', src: 'https://img.example/a.png', alt: '«A cat»', caption: '«Our cat»' } },
      { type: 'file', attrs: { id: 'f', fileId: 'abc', caption: '«The report»' } },
    ]);
  });
});
