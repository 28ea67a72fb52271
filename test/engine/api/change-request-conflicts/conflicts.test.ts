import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { changeRequestBranch, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, raw } from '../../../support/server.js';
import { created, write } from '../content/fixture.js';

/**
 * Conflicts through the public API only: two change requests rewrite one paragraph, the second's
 * merge is refused and changes nothing, its update records the conflict, the writer resolves it,
 * and main holds exactly the chosen text.
 */
let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const TIP = 'Tip: back up every day.';
const NOTE = 'Note: backups are automatic.';

async function openChangeRequest(spaceId: string, subject = 'Edits') {
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } }));
  return { spaceId, changeRequestId: cr.id };
}

const merge = async (params: { spaceId: string; changeRequestId: string }) => ok(await t.owner.client.call('mergeChangeRequest', { params }));
const update = async (params: { spaceId: string; changeRequestId: string }) => ok(await t.owner.client.call('updateChangeRequest', { params }));
const conflicts = async (params: { spaceId: string; changeRequestId: string }, status?: 'open' | 'resolved') =>
  ok(await t.owner.client.call('listChangeRequestConflicts', { params, query: status ? { status } : {} }));

async function mainMarkdown(spaceId: string, pageId: string) {
  const page = ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId }, query: { format: 'markdown' } }));
  return 'markdown' in page ? page.markdown : undefined;
}

/**
 * A space whose main holds a Backups page (a heading and a paragraph), then two change requests
 * rewriting its paragraph, the first merged: the second conflicts with main.
 */
async function rewrittenTwice() {
  const space = await newSpace(t.owner, t.organizationId);
  const first = await openChangeRequest(space.id, 'First pages');
  const [page] = await created(t.owner, first, [{ operation: 'insert_page', title: 'Backups', document: { markdown: '# Backups\n\nBack up often.\n' } }]);
  expect((await merge(first)).result).toBe('merge');
  const [a, b] = [await openChangeRequest(space.id, 'Tip'), await openChangeRequest(space.id, 'Note')];
  ok(await write(t.owner, a, [{ operation: 'update_page', page: page!, document: { markdown: `# Backups\n\n${TIP}\n` } }]));
  ok(await write(t.owner, b, [{ operation: 'update_page', page: page!, document: { markdown: `# Backups\n\n${NOTE}\n` } }]));
  expect((await merge(a)).result).toBe('merge');
  return { spaceId: space.id, pageId: page!, a, b };
}

describe('a change request that conflicts with main', () => {
  it('is refused at merge with main left exactly as it was', async () => {
    const { spaceId, pageId, b } = await rewrittenTwice();
    const space = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } }));
    const res = await t.owner.client.call('mergeChangeRequest', { params: b });
    expect(res.status).toBe(200);
    expect(ok(res)).toEqual({ revision: space.revision, result: 'conflicts' });
    expect(await mainMarkdown(spaceId, pageId)).toBe(`# Backups\n\n${TIP}\n`);
    expect(ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision).toBe(space.revision);
    expect(ok(await t.owner.client.call('getChangeRequestById', { params: b })).status).toBe('open');
    expect((await conflicts(b)).items).toEqual([]);
  });

  it('gets the conflict at update: its own version kept unmixed, the three versions listed', async () => {
    const { spaceId, pageId, b } = await rewrittenTwice();
    expect((await update(b)).result).toBe('conflicts');
    const crPage = ok(await t.owner.client.call('getPageInChangeRequestById', { params: { ...b, pageId }, query: { format: 'markdown' } }));
    expect('markdown' in crPage && crPage.markdown).toBe(`# Backups\n\n${NOTE}\n`);
    const list = await conflicts(b);
    expect(list.count).toBe(1);
    const [conflict] = list.items;
    expect(conflict).toMatchObject({
      object: 'change-request-conflict',
      page: { id: pageId, title: 'Backups' },
      kind: 'block',
      status: 'open',
      base: { markdown: 'Back up often.\n' },
      main: { markdown: `${TIP}\n` },
      changeRequest: { markdown: `${NOTE}\n` },
    });
    expect(conflict!.main!.document).toMatchObject({ object: 'document', nodes: [{ type: 'paragraph', key: conflict!.block }] });
    expect(ok(await t.owner.client.call('getChangeRequestConflict', { params: { ...b, conflictId: conflict!.id } }))).toEqual(conflict);
    // While it is open the merge is refused, and main is left alone.
    expect((await merge(b)).result).toBe('conflicts');
    expect(await mainMarkdown(spaceId, pageId)).toBe(`# Backups\n\n${TIP}\n`);
  });

  for (const [choice, body, expected] of [
    ['main', { keep: 'main' }, TIP],
    ['the change request', { keep: 'change-request' }, NOTE],
    ['Markdown', { markdown: 'Backups run nightly; keep one copy offsite.' }, 'Backups run nightly; keep one copy offsite.'],
    [
      'a Document',
      { document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Both: daily and automatic.', marks: [] }] }] }] } },
      'Both: daily and automatic.',
    ],
  ] as const) {
    it(`lands exactly the text chosen (${choice}) once the conflict is resolved`, async () => {
      const { spaceId, pageId, b } = await rewrittenTwice();
      await update(b);
      const [conflict] = (await conflicts(b)).items;
      const resolved = ok(await t.owner.client.call('resolveChangeRequestConflict', { params: { ...b, conflictId: conflict!.id }, body: body as never }));
      expect(resolved).toMatchObject({ status: 'resolved', resolution: { resolvedBy: { id: t.owner.id } } });
      expect((await conflicts(b, 'open')).count).toBe(0);
      expect((await conflicts(b, 'resolved')).count).toBe(1);
      expect(await merge(b)).toEqual({ revision: expect.any(String), result: 'merge' });
      expect(await mainMarkdown(spaceId, pageId)).toBe(`# Backups\n\n${expected}\n`);
    });
  }

  it("names what a resolution wrote, and a merge waits for it only while this engine lacks it", async () => {
    const { spaceId, pageId, b } = await rewrittenTwice();
    await update(b);
    const [first] = (await conflicts(b)).items;
    ok(await t.owner.client.call('resolveChangeRequestConflict', { params: { ...b, conflictId: first!.id }, body: { keep: 'main' } }));
    const row = () => t.engine.db.get<{ resolution_writes: string | null }>('SELECT resolution_writes FROM change_request_conflicts WHERE id = ?', first!.id)!;
    const named = JSON.parse(row().resolution_writes!) as Record<string, string>;
    // Keeping main's paragraph wrote into the change request's page doc alone.
    expect(Object.keys(named)).toEqual([pageDoc(spaceId, changeRequestBranch(b.changeRequestId), pageId)]);
    const mergeability = async () => ok(await t.owner.client.call('getChangeRequestMergeability', { params: b }));
    expect(await mergeability()).toMatchObject({ mergeable: true, openConflicts: 0 });

    // Writes this engine never got (a client and clock nobody reached): held back, with the reason.
    const [docId] = Object.keys(named);
    const unreachable = Buffer.from(Y.encodeSnapshot(Y.createSnapshot(Y.createDeleteSet(), new Map([[4242, 7]])))).toString('base64');
    const setNamed = (value: string | null) => t.engine.db.run('UPDATE change_request_conflicts SET resolution_writes = ? WHERE id = ?', value, first!.id);
    setNamed(JSON.stringify({ [docId!]: unreachable }));
    expect((await mergeability()).reason).toMatch(/^conflicts: what resolving its conflicts wrote .* has not reached this engine yet/);
    const space = ok(await t.owner.client.call('getSpaceById', { params: { spaceId } }));
    expect(await merge(b)).toEqual({ revision: space.revision, result: 'conflicts' });

    // A value that does not decode, or one too large to read at every merge, names nothing.
    for (const value of ['not json', JSON.stringify({ [docId!]: 'not a snapshot' }), JSON.stringify({ [docId!]: 7 }), JSON.stringify({ [docId!]: 'A'.repeat(1024 * 1024 + 4) })]) {
      setNamed(value);
      expect(await mergeability(), value.slice(0, 40)).toMatchObject({ mergeable: true });
    }
    setNamed(JSON.stringify(named));
    expect((await merge(b)).result).toBe('merge');
    expect(await mainMarkdown(spaceId, pageId)).toBe(`# Backups\n\n${TIP}\n`);
  });

  it('answers the documented errors for bad input, changing nothing', async () => {
    const { b } = await rewrittenTwice();
    await update(b);
    const [conflict] = (await conflicts(b)).items;
    const params = { ...b, conflictId: conflict!.id };
    const path = `${t.url}/v1/spaces/${b.spaceId}/change-requests/${b.changeRequestId}/conflicts/${conflict!.id}/resolve`;
    const unknownKeep = await raw(path, { method: 'POST', token: t.owner.token, body: JSON.stringify({ keep: 'theirs' }) });
    expect(unknownKeep.status).toBe(400);
    expect(unknownKeep.body.error.message).toMatch(/^body\.keep: /);
    expectFailure(await t.owner.client.call('resolveChangeRequestConflict', { params, body: {} }), 400, /exactly one of keep, document, markdown/);
    expectFailure(await t.owner.client.call('resolveChangeRequestConflict', { params, body: { keep: 'main', markdown: 'x' } }), 400, /exactly one/);
    expectFailure(
      await t.owner.client.call('resolveChangeRequestConflict', { params: { ...b, conflictId: 'nope' }, body: { keep: 'main' } }),
      404,
    );
    const reader = t.user('read');
    expectFailure(await reader.client.call('resolveChangeRequestConflict', { params, body: { keep: 'main' } }), 403);
    expect((await conflicts(b, 'open')).count).toBe(1);

    ok(await t.owner.client.call('resolveChangeRequestConflict', { params, body: { keep: 'main' } }));
    const revision = ok(await t.owner.client.call('getChangeRequestById', { params: b })).revision;
    expectFailure(await t.owner.client.call('resolveChangeRequestConflict', { params, body: { keep: 'change-request' } }), 409, /^status: /);
    expect(ok(await t.owner.client.call('getChangeRequestById', { params: b })).revision).toBe(revision);
    expect(ok(await t.owner.client.call('getChangeRequestConflict', { params })).resolution?.keep).toBe('main');
  });

  it('records a title both sides changed, and a page one side deleted, resolved by keeping a side', async () => {
    const { spaceId, pageId } = await rewrittenTwice();
    const [renaming, deleting, editing] = [await openChangeRequest(spaceId), await openChangeRequest(spaceId), await openChangeRequest(spaceId)];
    ok(await write(t.owner, renaming, [{ operation: 'update_page', page: pageId, title: 'Keeping copies' }]));
    ok(await write(t.owner, deleting, [{ operation: 'delete_page', page: pageId }]));
    ok(await write(t.owner, editing, [{ operation: 'update_page', page: pageId, title: 'Safety copies', document: { markdown: '# Backups\n\nCopies.\n' } }]));
    expect((await merge(renaming)).result).toBe('merge');
    expect((await update(editing)).result).toBe('conflicts');
    const [title] = (await conflicts(editing)).items;
    expect(title).toMatchObject({ kind: 'page-field', field: 'title', main: { value: 'Keeping copies' }, changeRequest: { value: 'Safety copies' } });
    ok(await t.owner.client.call('resolveChangeRequestConflict', { params: { ...editing, conflictId: title!.id }, body: { markdown: 'Copies, kept safe' } }));
    expect((await merge(editing)).result).toBe('merge');
    expect(ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId } })).title).toBe('Copies, kept safe');

    expect((await update(deleting)).result).toBe('conflicts');
    const [deleted] = (await conflicts(deleting)).items;
    expect(deleted).toMatchObject({ kind: 'page-deleted', deletedOn: 'change-request', changeRequest: null, main: { markdown: '# Backups\n\nCopies.\n' } });
    ok(await t.owner.client.call('resolveChangeRequestConflict', { params: { ...deleting, conflictId: deleted!.id }, body: { keep: 'change-request' } }));
    expect((await merge(deleting)).result).toBe('merge');
    expectFailure(await t.owner.client.call('getPageById', { params: { spaceId, pageId } }), 404);
  });

  it('keeps open conflicts in the database: an engine started on it reads them back', async () => {
    const { b } = await rewrittenTwice();
    await update(b);
    const before = await conflicts(b);
    const restarted = new Engine({ dataDir: t.dataDir, clock: t.clock });
    try {
      const path = `/v1/spaces/${b.spaceId}/change-requests/${b.changeRequestId}/conflicts`;
      const res = await restarted.request({ method: 'GET', path, headers: { authorization: `Bearer ${t.owner.token}` } });
      // Only the addresses differ: the engine read back has no port.
      const withoutUrls = (list: { items: { urls: unknown }[] }) => list.items.map(({ urls: _urls, ...conflict }) => conflict);
      expect(withoutUrls(res.body as typeof before)).toEqual(withoutUrls(JSON.parse(JSON.stringify(before))));
    } finally {
      restarted.close();
    }
  });

  it('is described in the served OpenAPI as a Folio extension', async () => {
    const document = (await raw(`${t.url}/v1/openapi.json`)).body;
    const resolve = document.paths['/v1/spaces/{spaceId}/change-requests/{changeRequestId}/conflicts/{conflictId}/resolve'].post;
    expect(resolve).toMatchObject({ operationId: 'resolveChangeRequestConflict', 'x-folio-extension': true, tags: ['folio-extensions'] });
    expect(document.paths['/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge'].post['x-folio-extension']).toBeUndefined();
  });
});
