import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapIfEmpty } from '../../../../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { MAIN, changeRequestBranch, pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { paragraphs } from '../../domain/content/merge/bodies.js';
import { spawnScript } from '../../../support/processes.js';
import { editTree, writePage } from '../../../support/yjs-edits.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

const PAGES = 200;
const CHILD = 'test/engine/api/change-requests/merge-child.ts';

let dataDir: string;
let spaceId: string;
let changeRequestId: string;
let spaceRevision: string;

/** A space of PAGES pages and a change request that edits every one of them, written by an engine that then closes. */
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-sigkill-'));
  const engine = new Engine({ dataDir, observeAnswers: referenceAnswers.observe });
  bootstrapIfEmpty(engine);
  const authorization = `Bearer ${readFileSync(join(dataDir, 'token'), 'utf8').trim()}`;
  const call = async (method: string, path: string, body?: unknown) =>
    (await engine.request({ method, path, headers: { authorization }, body })).body as Record<string, any>;
  const organizationId = (await call('GET', '/v1/orgs')).items[0].id as string;
  const space = await call('POST', `/v1/orgs/${organizationId}/spaces`, {});
  spaceId = space.id;
  spaceRevision = space.revision;
  const ids = Array.from({ length: PAGES }, (_, i) => `page${i}`);
  editTree(engine.docs, spaceId, MAIN, Object.fromEntries(ids.map((id) => [id, { position: id }])));
  for (const id of ids) writePage(engine.docs, spaceId, MAIN, id, paragraphs({ [`${id}-1`]: 'one', [`${id}-2`]: 'two' }));
  changeRequestId = (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Everything' })).id;
  const branch = changeRequestBranch(changeRequestId);
  editTree(engine.docs, spaceId, branch, Object.fromEntries(ids.map((id) => [id, { title: `${id}, renamed` }])));
  for (const id of ids) writePage(engine.docs, spaceId, branch, id, paragraphs({ [`${id}-1`]: 'one, edited', [`${id}-2`]: 'two' }));
  engine.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** What the database holds now, read by a new engine on the data dir. */
function state() {
  const engine = new Engine({ dataDir, observeAnswers: referenceAnswers.observe });
  try {
    const { db, docs } = engine;
    return {
      integrity: db.get<{ integrity_check: string }>('PRAGMA integrity_check')!.integrity_check,
      spaceRevision: db.get<{ revision: string }>('SELECT revision FROM spaces WHERE id = ?', spaceId)!.revision,
      changeRequest: db.get<{ status: string; revision_merged: string | null }>(
        'SELECT status, revision_merged FROM change_requests WHERE id = ?',
        changeRequestId,
      )!,
      mergeRevisions: db.all<{ id: string }>("SELECT id FROM revisions WHERE space_id = ? AND type = 'merge'", spaceId).map((r) => r.id),
      editedPages: Array.from({ length: PAGES }, (_, i) => docs.load(pageDoc(spaceId, MAIN, `page${i}`)).getXmlFragment('body').toString())
        .filter((body) => body.includes('edited')).length,
      renamedPages: Object.values(docs.load(treeDoc(spaceId, MAIN)).getMap('pages').toJSON() as Record<string, { title: string }>)
        .filter((page) => page.title.endsWith('renamed')).length,
    };
  } finally {
    engine.close();
  }
}

function firstLine(child: ReturnType<typeof spawnScript>): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before answering`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
}

describe('a merge in a process killed with SIGKILL', () => {
  it('leaves the old state when killed inside its transaction, every doc already written', async () => {
    const child = spawnScript(CHILD, [dataDir, spaceId, changeRequestId, 'pause']);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    expect(await firstLine(child)).toBe('paused');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(state()).toEqual({
      integrity: 'ok',
      spaceRevision,
      changeRequest: { status: 'open', revision_merged: null },
      mergeRevisions: [],
      editedPages: 0,
      renamedPages: 0,
    });
  }, 60_000);

  it('leaves the new state, whole, when the merge commits', async () => {
    const child = spawnScript(CHILD, [dataDir, spaceId, changeRequestId]);
    const answer = JSON.parse(await firstLine(child)) as { status: number; body: { revision: string; result: string } };
    expect(answer).toMatchObject({ status: 200, body: { result: 'merge' } });
    expect(state()).toEqual({
      integrity: 'ok',
      spaceRevision: answer.body.revision,
      changeRequest: { status: 'merged', revision_merged: answer.body.revision },
      mergeRevisions: [answer.body.revision],
      editedPages: PAGES,
      renamedPages: PAGES,
    });
  }, 60_000);
});
