import fc from 'fast-check';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyFacts } from '../../../../src-main/engine/domain/content/body-text.js';
import { projectedBodyRows } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { markdownToPm, pmToMarkdown, readBody, sections } from '../../../../src-shared/content/index.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { searchSpace, spaceWith } from '../../api/search/fixture.js';
import { apply, steps, WORDS } from './body-edits.js';

/**
 * A keystroke's projection reads only the blocks it touched and writes only the rows that changed.
 * Through any run of live edits, as y-websocket writes them (each client update in its own write
 * transaction), the page reads as the doc holds it, and its sections (search) and links are those
 * a projection of the whole body writes.
 */
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

/** Bodies a rewrite writes: headings, paragraphs, lists, links (no tables: typing a newline into a cell makes one no format presents). */
const BODIES = [
  '## Setup\n\nStep one, [linked](https://folio.example/b).\n\n- a list\n- of two\n',
  'Just a paragraph.\n',
  '# Title\n\nIntro.\n\n## One\n\nSee [page](/b).\n\n## Two\n\n> Quoted.\n',
].map((markdown) => {
  const parsed = markdownToPm(markdown);
  if (!parsed.ok) throw new Error(markdown);
  return parsed.value.body;
});

const sorted = (links: { kind: string; target: string }[]) => [...links].sort((a, b) => `${a.kind} ${a.target}`.localeCompare(`${b.kind} ${b.target}`));

describe('live edits of a page body', () => {
  it('keep the page read, its search sections and its links those of the whole body', async () => {
    const markdown = 'Intro with [a link](https://folio.example/a).\n\n## Setup\n\nStep one.\n\nStep two.\n\n## Use\n\nRun it.\n';
    const { spaceId, ids } = await spaceWith(t, [{ title: 'Guide', markdown }]);
    const pageId = ids[0]!;
    const docId = pageDoc(spaceId, MAIN, pageId);
    await fc.assert(
      fc.asyncProperty(fc.array(steps(fc.constantFrom(...BODIES)), { minLength: 1, maxLength: 8 }), async (edits) => {
        const editor = new Y.Doc();
        Y.applyUpdate(editor, Y.encodeStateAsUpdate(t.engine.docs.load(docId)));
        for (const edit of edits) {
          const before = Y.encodeStateVector(editor);
          apply(editor, edit);
          const update = Y.encodeStateAsUpdate(editor, before);
          t.engine.db.transaction(() => t.engine.docs.applyRemote(docId, update, 'editor'));
          const facts = bodyFacts(readBody(t.engine.docs.load(docId)));
          const rows = projectedBodyRows(t.engine.db, spaceId, 'main', pageId)!;
          expect({ ...rows, links: sorted(rows.links) }).toEqual({ ...facts, links: sorted(facts.links) });
        }
        const body = readBody(editor);
        const read = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId }, query: { format: 'markdown' } }));
        const expected = pmToMarkdown(body);
        expect(expected.ok && 'markdown' in read && read.markdown).toBe(expected.ok && expected.value);
        // What search indexes, cut into words as FTS5's tokenizer cuts them; a query's last word matches as a prefix.
        const words = sections(body).flatMap((section) => `${section.title} ${section.body}`.toLowerCase().split(/[^\p{L}\p{N}]+/u));
        for (const word of WORDS) {
          const found = ok(await searchSpace(t.owner, spaceId, word)).items.some((item) => item.id === pageId);
          expect(found, word).toBe(words.some((indexed) => indexed.startsWith(word)));
        }
      }),
      { numRuns: 12 },
    );
  });
});
