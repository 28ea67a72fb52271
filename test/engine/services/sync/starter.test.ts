import { describe, expect, it } from 'vitest';
import { WELCOME_SPACE_TITLE } from '../../../../src-main/engine/app/admin/bootstrap.js';
import { newSpace, ok } from '../../../support/content.js';
import { hubEachTest, eventually, type Replica } from './nodes.js';

/**
 * The organization first start makes is not duplicated on a hub (docs/sync.md, "Identity"): left
 * empty (nothing but the untouched welcome space), it goes once the hub user's organizations
 * arrive; used, or with a hub user who has none, it is uploaded.
 */
const nodes = hubEachTest();

const titlesOn = async (replica: Replica) =>
  ok(await replica.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items.map((organization) => organization.title);

async function starterOf(replica: Replica) {
  const organization = ok(await replica.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items[0]!;
  const spaces = ok(await replica.client.call('listSpacesInOrganizationById', { params: { organizationId: organization.id } })).items;
  return { organizationId: organization.id, spaceId: spaces.find((space) => space.title === WELCOME_SPACE_TITLE)!.id };
}

describe('the starter organization meets a hub', () => {
  it('goes when it is still empty and the hub user has organizations there; the hub never sees it', async () => {
    const hub = nodes.hub();
    const replica = await nodes.alone({ name: 'Ada', welcome: true });
    const starter = await starterOf(replica);
    // Read, not changed: still empty.
    ok(await replica.client.call('listPages', { params: { spaceId: starter.spaceId } }));

    await replica.connectTo(hub, hub.owner.token);

    await eventually(async () => {
      expect(await titlesOn(replica)).toEqual([ok(await hub.owner.client.call('getOrganizationById', { params: { organizationId: hub.organizationId } })).title]);
      expect(await replica.status()).toMatchObject({ state: 'connected', outbox: 0, pendingChanges: 0, lastProblem: null });
    });
    expect((await hub.owner.client.call('getOrganizationById', { params: { organizationId: starter.organizationId } })).status).toBe(404);
    expect((await replica.client.call('getSpaceById', { params: { spaceId: starter.spaceId } })).status).toBe(404);
    expect(replica.engine.docs.writtenUnder(`space/${starter.spaceId}/`)).toEqual([]);
  });

  it('is uploaded once it holds anything of the person: a space of theirs', async () => {
    const hub = nodes.hub();
    const replica = await nodes.alone({ name: 'Ada', welcome: true });
    const starter = await starterOf(replica);
    const owner = { id: '', email: '', token: replica.token, client: replica.client };
    await newSpace(owner, starter.organizationId, { title: 'Mine' });

    await replica.connectTo(hub, hub.owner.token);

    await eventually(async () => {
      expect(ok(await hub.owner.client.call('getOrganizationById', { params: { organizationId: starter.organizationId } })).title).toBe("Ada's docs");
      expect((await titlesOn(replica)).sort()).toHaveLength(2);
    });
  });

  it('is uploaded once its welcome space was edited', async () => {
    const hub = nodes.hub();
    const replica = await nodes.alone({ name: 'Ada', welcome: true });
    const starter = await starterOf(replica);
    const changeRequestId = ok(await replica.client.call('createChangeRequest', { params: { spaceId: starter.spaceId }, body: { subject: 'My words' } })).id;

    await replica.connectTo(hub, hub.owner.token);

    await eventually(async () => {
      const onHub = ok(await hub.owner.client.call('getChangeRequestById', { params: { spaceId: starter.spaceId, changeRequestId } }));
      expect(onHub.subject).toBe('My words');
    });
  });

  it('stays, and is uploaded, when the hub user has no organization there', async () => {
    const hub = nodes.hub();
    const loner = hub.user();
    const replica = await nodes.alone({ name: 'Ada', welcome: true });
    const starter = await starterOf(replica);

    await replica.connectTo(hub, loner.token);

    await eventually(async () => {
      expect(ok(await loner.client.call('getOrganizationById', { params: { organizationId: starter.organizationId } })).title).toBe("Ada's docs");
      const pages = ok(await loner.client.call('listPages', { params: { spaceId: starter.spaceId } })).pages.map((page) => page.title);
      expect(pages).toEqual(['Getting started', 'Writing', 'Reviewing & merging', 'Sync']);
    });
  });
});
