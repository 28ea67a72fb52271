import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { can } from '../../../../src-main/engine/domain/spaces/rules.js';
import { commentsDoc, MAIN, mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace } from '../../../support/content.js';
import { CALLERS, expectAccess, roleOf, serverWithCallers, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { join, leave, nextCommit, threadBy } from './peers.js';
import { tryUpgrade } from './upgrade.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, byCaller) => {
  t = server;
  users = byCaller;
});

/** Whether an update to `docName` by `user` is committed (true) or refused (false). */
async function writes(user: TestUser, docName: string, change: (doc: Y.Doc) => void): Promise<boolean> {
  const peer = await join(t, docName, user.token);
  const outcome = Promise.race([nextCommit(t.engine, docName).then(() => true), peer.nextDenial().then(() => false)]);
  change(peer.doc);
  const wrote = await outcome;
  leave(peer);
  return wrote;
}

describe.each(CALLERS)('%s', (caller) => {
  const role = roleOf(caller) ?? undefined;

  it('joins a space’s docs with view, edits main with edit, writes comment threads with comment', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const user = users[caller];
    const upgrade = await tryUpgrade(`ws://127.0.0.1:${t.server.port}/v1/yjs/${mainTreeDoc(spaceId)}?token=${user.token}`);
    expectAccess(upgrade, can.view(role), `${caller} joins`);
    if (!can.view(role)) return;

    const tree = await writes(user, mainTreeDoc(spaceId), (doc) => doc.getMap('pages').set(`page-${caller}`, new Y.Map()));
    expect(tree, `${caller} edits the tree`).toBe(can.edit(role));
    const threads = await writes(user, commentsDoc(spaceId, MAIN), (doc) => doc.getMap('threads').set(`thread-${caller}`, threadBy(user.id, `thread-${caller}`)));
    expect(threads, `${caller} writes a thread`).toBe(can.comment(role));
  });
});
