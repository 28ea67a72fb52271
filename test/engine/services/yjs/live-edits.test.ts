import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { changeRequestTreeDoc, commentsDoc, MAIN, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { cutPendingEdits, LONGEST_SESSION_MS, QUIET_MS } from '../../../../src-main/engine/services/yjs/live-edits.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { addPage, join, leave, nextCommit, threadBy, type Peer } from '../../transports/yjs/peers.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';

let t: TestServer;

beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

async function spaceWithPage(): Promise<{ spaceId: string; docId: string }> {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  addPage(t.engine, mainTreeDoc(spaceId), 'intro');
  return { spaceId, docId: pageDoc(spaceId, MAIN, 'intro') };
}

/** One live edit, committed. */
async function edit(peer: Peer, docId: string, text: string): Promise<void> {
  const committed = nextCommit(t.engine, docId);
  peer.doc.getText('scratch').insert(0, text);
  await committed;
}

async function revisionOf(spaceId: string): Promise<string> {
  return ok(await t.owner.client.call('getSpaceById', { params: { spaceId } })).revision;
}

function storedRevision(id: string) {
  const row = t.engine.db.get<{ type: string; parents: string }>('SELECT type, parents FROM revisions WHERE id = ?', id)!;
  const docs = t.engine.db.all<{ doc_id: string }>('SELECT doc_id FROM revision_docs WHERE revision_id = ? ORDER BY doc_id', id);
  return { type: row.type, parents: JSON.parse(row.parents) as string[], docs: docs.map((doc) => doc.doc_id) };
}

describe('live edits on main', () => {
  it('become an edits revision once the session has been quiet for 30 s', async () => {
    const { spaceId, docId } = await spaceWithPage();
    const before = await revisionOf(spaceId);
    const peer = await join(t, docId, t.owner.token);
    await edit(peer, docId, 'one');
    t.clock.advance(10_000);
    await edit(peer, docId, 'two');

    t.clock.advance(QUIET_MS - 1);
    expect(t.engine.liveRevisions.cutDue()).toEqual([]);
    expect(await revisionOf(spaceId)).toBe(before);

    t.clock.advance(1);
    expect(t.engine.liveRevisions.cutDue()).toEqual([spaceId]);
    const after = await revisionOf(spaceId);
    expect(after).not.toBe(before);
    expect(storedRevision(after)).toEqual({ type: 'edits', parents: [before], docs: [pageDoc(spaceId, MAIN, 'intro'), mainTreeDoc(spaceId)].sort() });

    t.clock.advance(QUIET_MS);
    expect(t.engine.liveRevisions.cutDue()).toEqual([]);
    leave(peer);
  });

  it('cut a revision after 5 minutes of continuous editing, and start a new session after it', async () => {
    const { spaceId, docId } = await spaceWithPage();
    const peer = await join(t, docId, t.owner.token);
    const step = QUIET_MS - 10_000;
    for (let elapsed = 0; elapsed < LONGEST_SESSION_MS; elapsed += step) {
      await edit(peer, docId, 'x');
      expect(t.engine.liveRevisions.cutDue()).toEqual([]);
      t.clock.advance(step);
    }
    expect(t.engine.liveRevisions.cutDue()).toEqual([spaceId]);
    const first = await revisionOf(spaceId);

    await edit(peer, docId, 'y');
    t.clock.advance(QUIET_MS);
    expect(t.engine.liveRevisions.cutDue()).toEqual([spaceId]);
    expect(storedRevision(await revisionOf(spaceId)).parents).toEqual([first]);
    leave(peer);
  });

  it('are cut at once by cutPendingEdits, as a merge does before it reads main', async () => {
    const { spaceId, docId } = await spaceWithPage();
    const peer = await join(t, docId, t.owner.token);
    const now = () => t.clock.now().toISOString();
    expect(cutPendingEdits(t.engine.db, t.engine.docs, spaceId, now())).toBeUndefined();

    await edit(peer, docId, 'pending');
    const cut = cutPendingEdits(t.engine.db, t.engine.docs, spaceId, now());
    expect(cut).toBeDefined();
    expect(await revisionOf(spaceId)).toBe(cut);
    expect(cutPendingEdits(t.engine.db, t.engine.docs, spaceId, now())).toBeUndefined();
    t.clock.advance(LONGEST_SESSION_MS);
    expect(t.engine.liveRevisions.cutDue()).toEqual([]);
    leave(peer);
  });

  it('are still cut after the engine restarted', async () => {
    const { spaceId, docId } = await spaceWithPage();
    const peer = await join(t, docId, t.owner.token);
    await edit(peer, docId, 'before a restart');
    leave(peer);

    const restarted = new Engine({ dataDir: t.dataDir, clock: t.clock, observeAnswers: referenceAnswers.observe });
    try {
      t.clock.advance(QUIET_MS);
      expect(restarted.liveRevisions.cutDue()).toEqual([spaceId]);
    } finally {
      restarted.close();
    }
  });
});

describe('what is not a live edit of main', () => {
  it('edits of a change request, and comment threads', async () => {
    const { spaceId } = await spaceWithPage();
    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Not live' } }));
    const tree = await join(t, changeRequestTreeDoc(spaceId, cr.id), t.owner.token);
    const committed = nextCommit(t.engine, changeRequestTreeDoc(spaceId, cr.id));
    tree.doc.getMap('pages').set('draft', new Y.Map());
    await committed;
    const threads = await join(t, commentsDoc(spaceId, MAIN), t.owner.token);
    const posted = nextCommit(t.engine, commentsDoc(spaceId, MAIN));
    threads.doc.getMap('threads').set('thread', threadBy(t.owner.id, 'thread'));
    await posted;
    t.clock.advance(LONGEST_SESSION_MS);
    expect(t.engine.liveRevisions.cutDue()).toEqual([]);
    expect(cutPendingEdits(t.engine.db, t.engine.docs, spaceId, t.clock.now().toISOString())).toBeUndefined();
    leave(tree, threads);
  });
});
