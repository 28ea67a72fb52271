import { SpaceEditMode } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';

/** The public client of the service our API follows, pointed at a Folio engine: the content tree. */
const test = officialClientServer();

describe('@gitbook/api collections and spaces calls against Folio', () => {
  it('creates a collection and a space in it, moves, duplicates, deletes and restores', async () => {
    const { t, api } = test;
    const collection = await api.orgs.createCollection(t.organizationId, { title: 'Guides' });
    expect(collection.status).toBe(201);
    const space = await api.orgs.createSpace(t.organizationId, { title: 'Getting started', parent: collection.data.id });
    expect(space.data.parent).toBe(collection.data.id);
    const inCollection = await api.collections.listSpacesInCollectionById(collection.data.id);
    expect(inCollection.data.items.map((s) => s.id)).toEqual([space.data.id]);

    const renamed = await api.spaces.updateSpaceById(space.data.id, { title: 'Start here', editMode: SpaceEditMode.Locked });
    expect(renamed.data).toMatchObject({ title: 'Start here', editMode: 'locked', permissions: { edit: false } });
    const moved = await api.spaces.moveSpace(space.data.id, { parent: null });
    expect(moved.data.parent).toBeUndefined();

    const copy = await api.spaces.duplicateSpace(space.data.id);
    expect(copy.data.title).toBe('Start here (copy)');
    await api.spaces.deleteSpaceById(copy.data.id);
    const restored = await api.spaces.restoreSpace(copy.data.id);
    expect(restored.data.deletedAt).toBeUndefined();

    const all = await api.orgs.listSpacesInOrganizationById(t.organizationId);
    expect(all.data.items.map((s) => s.id).sort()).toEqual([space.data.id, copy.data.id].sort());
    const links = await api.spaces.listSpaceLinks(space.data.id);
    expect(links.data).toMatchObject({ items: [], stats: { total: 0 } });
  });
});
