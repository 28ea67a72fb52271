import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreeNode } from '../../src-renderer/tree/build-tree.js';
import { TrashShelf } from '../../src-renderer/tree/trash-shelf.js';
import { createTreeStore, type TreeStore } from '../../src-renderer/tree/tree-store.js';
import { TestServer } from '../support/server.js';
import { memoryStorage } from './fake-page.js';

/** The sidebar's titles as an outline: collections with their contents in brackets. */
function outline(nodes: TreeNode[]): string[] {
  return nodes.map((node) => (node.kind === 'space' ? node.item.title : `${node.item.title} [${outline(node.children).join(', ')}]`));
}

describe('the sidebar tree, against a real engine', () => {
  let server: TestServer;
  let store: TreeStore;
  let shelf: TrashShelf;

  const tree = () => {
    const { tree } = store.getState();
    if (tree.status !== 'ready') throw new Error(`tree is ${tree.status}`);
    return tree.data;
  };
  const created = async <T,>(outcome: Promise<{ ok: true; data: T } | { ok: false; problem: string }>): Promise<T> => {
    const result = await outcome;
    if (!result.ok) throw new Error(result.problem);
    return result.data;
  };

  beforeAll(async () => {
    server = await TestServer.start();
    shelf = new TrashShelf(memoryStorage(), server.organizationId);
    store = createTreeStore(server.owner.client, server.organizationId, shelf);
  });
  afterAll(() => server?.stop());

  it('loads an empty organization', async () => {
    await store.getState().load();
    expect(tree()).toEqual([]);
  });

  it('creates, renames and moves collections and spaces, and shows each change', async () => {
    const { createCollection, createSpace, rename, move } = store.getState();
    const guides = await created(createCollection('Guides'));
    const nested = await created(createCollection('Setup', guides.id));
    const space = await created(createSpace('Onboarding', nested.id));
    await created(createSpace('Release notes'));
    expect(outline(tree())).toEqual(['Guides [Setup [Onboarding]]', 'Release notes']);

    await created(rename({ kind: 'space', id: space.id }, 'Getting started'));
    await created(move({ kind: 'space', id: space.id }, null));
    await created(move({ kind: 'collection', id: nested.id }, null));
    expect(outline(tree())).toEqual(['Guides []', 'Setup []', 'Getting started', 'Release notes']);
  });

  it('says in words why a change was refused, and changes nothing', async () => {
    const [, setup] = tree();
    const outcome = await store.getState().rename({ kind: 'collection', id: setup!.item.id }, 'x'.repeat(51));
    expect(outcome.ok).toBe(false);
    expect(store.getState().problem).toMatch(/^The request was not valid: body\.title: /);
    expect(outline(tree())).toContain('Setup []');
  });

  it('sends the spaces of a deleted collection to the trash, and restores them', async () => {
    const { createSpace, remove, loadTrash, restore } = store.getState();
    const setup = tree().find((node) => node.item.title === 'Setup')!;
    const inside = await created(createSpace('Install', setup.item.id));
    await created(remove({ kind: 'collection', id: setup.item.id }));
    expect(outline(tree())).toEqual(['Guides []', 'Getting started', 'Release notes']);
    expect(shelf.list()).toEqual([inside.id]);

    await loadTrash();
    expect(store.getState().trash).toMatchObject({ status: 'ready', data: [{ id: inside.id, title: 'Install' }] });
    await created(restore(inside.id));
    expect(outline(tree())).toContain('Install');
    expect(store.getState().trash).toEqual({ status: 'ready', data: [] });
    expect(shelf.list()).toEqual([]);
  });

  it('forgets trash entries the engine no longer holds in the trash', async () => {
    const gettingStarted = tree().find((node) => node.item.title === 'Getting started')!;
    await created(store.getState().remove({ kind: 'space', id: gettingStarted.item.id }));
    await server.owner.client.call('restoreSpace', { params: { spaceId: gettingStarted.item.id } });
    await store.getState().loadTrash();
    expect(store.getState().trash).toEqual({ status: 'ready', data: [] });
    expect(shelf.list()).toEqual([]);
  });
});
