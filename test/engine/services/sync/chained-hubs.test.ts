import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { addPage, changeDoc } from '../../transports/yjs/peers.js';
import { eventually, Replica, stateOf } from './nodes.js';

/**
 * A replica that is itself the hub of another replica (a team server between the desktops and the
 * company's hub): a doc it takes back from its own hub after a refusal is replaced on its
 * replicas too (docs/sync.md, "Refusals"), so the deletion it undid is undone all the way down.
 */
let top: TestServer;
let middle: Replica;
let bottom: Replica;
let spaceId: string;
beforeEach(async () => {
  top = await TestServer.start();
  spaceId = (await newSpace(top.owner, top.organizationId, { title: 'Guides' })).id;
});
afterEach(async () => {
  await bottom?.stop();
  await middle?.stop();
  await top.stop();
});

const pagesOf = (engine: Replica['engine'] | TestServer['engine']) => [...engine.docs.load(mainTreeDoc(spaceId)).getMap('pages').keys()].sort();

describe('hubs in a chain', () => {
  it("a deletion the top hub refuses comes back on the middle engine and on the replica below it", async () => {
    for (const pageId of ['intro', 'other']) addPage(top.engine, mainTreeDoc(spaceId), pageId);
    const reader = top.user('read');
    middle = await Replica.connect(top, reader.token);
    bottom = await Replica.connect(middle, middle.token);
    await eventually(() => expect(pagesOf(bottom.engine)).toEqual(['intro', 'other']));

    // The middle engine's database is edited to make the reader an admin; the change reaches the bottom one.
    middle.engine.sync.stop();
    middle.engine.db.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id = ?", top.organizationId, reader.id);
    await eventually(() =>
      expect(bottom.engine.db.get<{ role: string }>('SELECT role FROM members WHERE user_id = ?', reader.id)?.role).toBe('admin'),
    );
    changeDoc(bottom.engine, mainTreeDoc(spaceId), (doc) => doc.getMap('pages').delete('other'));
    await eventually(() => expect(pagesOf(middle.engine)).toEqual(['intro']));

    middle.engine.sync.start();
    await eventually(() => expect(pagesOf(middle.engine)).toEqual(['intro', 'other']));
    await eventually(() => expect(pagesOf(bottom.engine)).toEqual(['intro', 'other']));
    expect(pagesOf(top.engine)).toEqual(['intro', 'other']);
    await eventually(async () => expect((await bottom.status()).outbox).toBe(0));
    expect(stateOf(bottom.engine, mainTreeDoc(spaceId))).toEqual(stateOf(top.engine, mainTreeDoc(spaceId)));
  });
});
