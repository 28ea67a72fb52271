import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { install, lastTrace, publish, settledEvents } from '../../api/integrations/fixtures.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const LISTENER = `addEventListener('space_content_updated', (event) => console.log('updated', event.spaceId, event.revisionId));`;

/** Writes a page in a change request of `spaceId` and merges it: main gets a new revision. */
async function mergeAPage(spaceId: string) {
  const changeRequest = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'A page' } }));
  await created(t.owner, { spaceId, changeRequestId: changeRequest.id }, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Hello.\n' } }]);
  return ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: changeRequest.id } })).revision;
}

describe('space_content_updated', () => {
  it("runs the script of every installation covering the space when its content gets a new revision", async () => {
    await publish(t, 'watcher', { script: LISTENER });
    await publish(t, 'sites-only', { script: LISTENER, target: 'site' });
    const installation = await install(t, 'watcher');
    await install(t, 'sites-only');
    const space = await newSpace(t.owner, t.organizationId, { title: 'Watched' });
    const revision = await mergeAPage(space.id);

    const { event, trace } = await lastTrace(t, 'watcher');
    expect(event).toMatchObject({
      status: 'success', installationId: installation.id,
      payload: { eventId: event.id, type: 'space_content_updated', installationId: installation.id, spaceId: space.id, revisionId: revision },
    });
    expect(trace.logs.map((log) => log.message)).toEqual([`updated ${space.id} ${revision}`]);
    expect((await settledEvents(t, 'sites-only')).map((e) => e.payload.type)).toEqual(['installation_setup']);
  });

  it('records nothing for an organization without installations', async () => {
    const before = (await settledEvents(t, 'watcher')).length;
    const admin = t.user();
    const other = ok(await admin.client.call('createOrganization', { params: undefined, body: { title: 'Quiet org' } }));
    const quiet = await newSpace(admin, other.id);
    const changeRequest = ok(await admin.client.call('createChangeRequest', { params: { spaceId: quiet.id }, body: { subject: 'x' } }));
    ok(await admin.client.call('mergeChangeRequest', { params: { spaceId: quiet.id, changeRequestId: changeRequest.id } }));
    expect((await settledEvents(t, 'watcher')).length).toBe(before);
  });
});
