import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { removeSubtree, setPageFields } from '../../../../src-main/engine/domain/content/tree.js';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { MAIN, changeRequestBranch, pageDoc, treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { BODY_FRAGMENT } from '../../../../src-shared/content/index.js';
import { bootstrapIfEmpty } from '../../../../src-main/engine/app/admin/bootstrap.js';
import { TestClock } from '../../../support/server.js';
import { append, writeMainPages } from './main-writer.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

let dir: string;
let engine: Engine;
let clock: TestClock;
let SPACE: string;

/** A real space, made through the API in-process, so that its main tree doc and first revision exist. */
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-projector-'));
  clock = new TestClock();
  engine = new Engine({ dataDir: dir, clock, observeAnswers: referenceAnswers.observe });
  bootstrapIfEmpty(engine);
  const headers = { authorization: `Bearer ${readFileSync(join(dir, 'token'), 'utf8').trim()}` };
  const orgs = await engine.request({ method: 'GET', path: '/v1/orgs', headers });
  const organizationId = (orgs.body as { items: { id: string }[] }).items[0]!.id;
  const space = await engine.request({ method: 'POST', path: `/v1/orgs/${organizationId}/spaces`, headers, body: {} });
  SPACE = (space.body as { id: string }).id;
});
afterEach(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const pages = () =>
  engine.db.all<{ page_id: string; path: string; updated_at: string }>(
    "SELECT page_id, path, updated_at FROM content_pages WHERE space_id = ? AND branch = 'main' ORDER BY path",
    SPACE,
  );

/** The text node of the body that holds `words`. */
function textContaining(doc: Y.Doc, words: string): Y.XmlText {
  for (const node of doc.getXmlFragment(BODY_FRAGMENT).createTreeWalker((n) => n instanceof Y.XmlText)) {
    if (node.toString().includes(words)) return node as Y.XmlText;
  }
  throw new Error(`no text holds ${words}`);
}

const search = (query: string) =>
  engine.db.all<{ page_id: string; anchor: string | null }>(
    `SELECT s.page_id, s.anchor FROM content_search JOIN content_sections s ON s.id = content_search.rowid
     WHERE content_search MATCH ? AND s.space_id = ? AND s.branch = 'main'`,
    query,
    SPACE,
  );

describe('the projector', () => {
  it('follows writes made through the doc store alone, with paths from the root', () => {
    writeMainPages(engine, SPACE, [
      { id: 'a', title: 'Guide' },
      { id: 'b', title: 'Install', parent: 'a' },
    ]);
    expect(pages().map((row) => [row.page_id, row.path])).toEqual([['a', 'guide'], ['b', 'guide/install']]);
  });

  it('indexes sections for search and records links', () => {
    writeMainPages(engine, SPACE, [
      { id: 'a', title: 'A', markdown: 'Intro words.\n\n# Setup\n\nRun [the tool](https://tool.example) with zebras.\n\n{% file src="file1" %}Notes{% endfile %}\n' },
    ]);
    expect(search('zebras')).toEqual([{ page_id: 'a', anchor: expect.any(String) }]);
    expect(search('intro')).toEqual([{ page_id: 'a', anchor: null }]);
    const links = engine.db.all('SELECT kind, target FROM content_links WHERE page_id = ? ORDER BY kind', 'a');
    expect(links).toEqual([{ kind: 'file', target: 'file1' }, { kind: 'url', target: 'https://tool.example' }]);
    writeMainPages(engine, SPACE, [{ id: 'a', title: 'A', markdown: 'Only giraffes now.\n' }]);
    expect(search('zebras')).toEqual([]);
    expect(search('giraffes')).toHaveLength(1);
  });

  it('rewrites only the rows a write changed', () => {
    writeMainPages(engine, SPACE, [
      { id: 'a', title: 'A', markdown: 'One.\n' },
      { id: 'b', title: 'B', markdown: 'Two.\n' },
    ]);
    const before = pages();
    clock.advance(60_000);
    writeMainPages(engine, SPACE, [{ id: 'b', title: 'B', markdown: 'Two, edited.\n' }]);
    const after = pages();
    expect(after[0]!.updated_at).toBe(before[0]!.updated_at);
    expect(after[1]!.updated_at).not.toBe(before[1]!.updated_at);
  });

  it("rewrites only the sections and links a body edit changed, and search follows", () => {
    const sectionRows = () =>
      engine.db.all<{ id: number; ord: number; heading: string }>("SELECT id, ord, heading FROM content_sections WHERE page_id = 'a' ORDER BY ord");
    const linkRows = () => engine.db.all("SELECT kind, target FROM content_links WHERE page_id = 'a' ORDER BY kind, target");
    writeMainPages(engine, SPACE, [
      { id: 'a', title: 'A', markdown: 'Intro.\n\n# Alpha\n\nAardvarks.\n\n# Beta\n\nBison [site](https://one.example)\n\n# Gamma\n\nGnus.\n' },
    ]);
    const before = sectionRows();
    expect(before.map((row) => row.heading)).toEqual(['', 'Alpha', 'Beta', 'Gamma']);

    // A keystroke's kind of edit: one paragraph's text, in place.
    append(engine, pageDoc(SPACE, MAIN, 'a'), (doc) => textContaining(doc, 'Bison').insert(0, 'Buffalo, '));
    const after = sectionRows();
    expect(after.map((row) => row.heading)).toEqual(['', 'Alpha', 'Beta', 'Gamma']);
    expect(after.map((row) => row.id === before[row.ord]!.id)).toEqual([true, true, false, true]);
    expect(search('buffalo')).toEqual([{ page_id: 'a', anchor: expect.any(String) }]);
    expect(search('gnus')).toHaveLength(1);
    expect(linkRows()).toEqual([{ kind: 'url', target: 'https://one.example' }]);

    append(engine, pageDoc(SPACE, MAIN, 'a'), (doc) => {
      const body = doc.getXmlFragment(BODY_FRAGMENT);
      body.delete(3, body.length - 3);
    });
    expect(sectionRows().map((row) => row.id)).toEqual(before.slice(0, 2).map((row) => row.id));
    expect(search('gnus')).toEqual([]);
    expect(search('buffalo')).toEqual([]);
    expect(linkRows()).toEqual([]);
  });

  it('moves the paths of a subtree and drops removed pages with their sections', () => {
    writeMainPages(engine, SPACE, [
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B', markdown: 'Text of b.\n' },
      { id: 'c', title: 'C', parent: 'b' },
    ]);
    append(engine, treeDoc(SPACE, MAIN), (doc) => setPageFields(doc, 'b', { parent: 'a' }));
    expect(pages().map((row) => row.path)).toEqual(['a', 'a/b', 'a/b/c']);
    append(engine, treeDoc(SPACE, MAIN), (doc) => void removeSubtree(doc, 'b'));
    expect(pages().map((row) => row.page_id)).toEqual(['a']);
    expect(engine.db.all('SELECT * FROM content_sections WHERE page_id = ?', 'b')).toEqual([]);
  });

  it('leaves out a page whose parent is gone', () => {
    writeMainPages(engine, SPACE, [{ id: 'a', title: 'A', parent: 'missing' }, { id: 'b', title: 'B' }]);
    expect(pages().map((row) => row.page_id)).toEqual(['b']);
  });

  it('writes nothing when the transaction rolls back', () => {
    expect(() =>
      engine.db.transaction(() => {
        writeMainPages(engine, SPACE, [{ id: 'a', title: 'A', markdown: 'Text.\n' }]);
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(pages()).toEqual([]);
    expect(engine.docs.load(treeDoc(SPACE, MAIN)).getMap('pages').size).toBe(0);
  });

  it("writes a new page's body rows without reading any back: the rows a projection from nothing writes, in the change request and in main after the merge", async () => {
    const headers = { authorization: `Bearer ${readFileSync(join(dir, 'token'), 'utf8').trim()}` };
    const call = async (path: string, body?: unknown) => {
      const answer = await engine.request({ method: 'POST', path: `/v1/spaces/${SPACE}${path}`, headers, body });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      return answer.body as { id: string };
    };
    const cr = (await call('/change-requests', { subject: 'Import' })).id;
    const page = (n: number, markdown: string) => ({ operation: 'insert_page', title: `Page ${n}`, document: { markdown } });
    const linked = (n: number) => `## Heading ${n}\n\nWords about okapis ${n}, with [a link](https://folio.example/${n}).\n\n## Second ${n}\n\n- one\n- two\n`;
    // Bodies built in the pool (no link to a page of the branch), and one written here: its relative link names page 0.
    await call(`/change-requests/${cr}/content`, { changes: [page(0, linked(0)), page(1, linked(1))] });
    await call(`/change-requests/${cr}/content`, { changes: [page(2, `See [page 0](page-0.md) and [out](https://out.example).\n\n${linked(2)}`), page(3, linked(3)), page(4, '')] });

    const rows = (branch: string) => ({
      pages: engine.db.all('SELECT page_id, path, body_hash FROM content_pages WHERE space_id = ? AND branch = ? ORDER BY page_id', SPACE, branch),
      sections: engine.db.all('SELECT page_id, ord, anchor, heading, body FROM content_sections WHERE space_id = ? AND branch = ? ORDER BY page_id, ord', SPACE, branch),
      links: engine.db.all('SELECT page_id, kind, target FROM content_links WHERE space_id = ? AND branch = ? ORDER BY page_id, kind, target', SPACE, branch),
    });
    /** The branch's body rows dropped and projected again from the docs, each page's rows read back as they are rewritten. */
    const fromNothing = (branch: Branch, key: string) => {
      const ids = engine.db.all<{ page_id: string }>('SELECT page_id FROM content_pages WHERE space_id = ? AND branch = ?', SPACE, key).map((row) => row.page_id);
      engine.db.transaction(() => {
        engine.db.run('DELETE FROM content_sections WHERE space_id = ? AND branch = ?', SPACE, key);
        engine.db.run('DELETE FROM content_links WHERE space_id = ? AND branch = ?', SPACE, key);
        engine.db.run('UPDATE content_pages SET body_hash = NULL WHERE space_id = ? AND branch = ?', SPACE, key);
        for (const id of ids) engine.projector.reproject(pageDoc(SPACE, branch, id));
      });
      return rows(key);
    };

    const imported = rows(cr);
    expect(imported.pages).toHaveLength(5);
    expect(imported.links).toContainEqual({ page_id: expect.any(String), kind: 'page', target: expect.any(String) });
    expect(imported.sections.filter((row) => String(row.body).includes('okapis'))).toHaveLength(4);
    expect(fromNothing(changeRequestBranch(cr), cr)).toEqual(imported);

    await call(`/change-requests/${cr}/merge`);
    const merged = rows('main');
    expect(merged).toEqual(imported);
    expect(search('okapis')).toHaveLength(4);
    expect(fromNothing(MAIN, 'main')).toEqual(merged);
  });
});
