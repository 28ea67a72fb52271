import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../src-shared/client/client.js';
import { attempt, type Outcome } from '../api/call.js';
import type { Collection, Space } from '../api/types.js';
import type { Resource } from '../hooks/use-resource.js';
import { buildTree, findNode, spacesWithin, type ItemRef, type TreeNode } from './build-tree.js';
import type { TrashShelf } from './trash-shelf.js';

// The sidebar shows a whole organization; local organizations stay far below one page of 1000.
const WHOLE = { limit: 1000 };

export interface TreeState {
  tree: Resource<TreeNode[]>;
  trash: Resource<Space[]>;
  /** The last action's failure, in words, until the next action. */
  problem?: string;
  /** Counts the changes made here, so that screens showing the same items know to load them again. */
  changes: number;
  load(): Promise<void>;
  loadTrash(): Promise<void>;
  createCollection(title: string, parent?: string): Promise<Outcome<Collection>>;
  createSpace(title: string, parent?: string): Promise<Outcome<Space>>;
  rename(item: ItemRef, title: string): Promise<Outcome<unknown>>;
  move(item: ItemRef, parent: string | null): Promise<Outcome<unknown>>;
  remove(item: ItemRef): Promise<Outcome<unknown>>;
  restore(spaceId: string): Promise<Outcome<Space>>;
}

export type TreeStore = StoreApi<TreeState>;

/** An organization's collections and spaces, and every change the sidebar makes to them. */
export function createTreeStore(client: ApiClient, organizationId: string, shelf: TrashShelf): TreeStore {
  return createStore<TreeState>()((set, get) => {
    const params = { organizationId };

    /** Runs one change; on success the tree is loaded again, on failure the reason is kept. */
    const change = async <T>(run: Promise<Outcome<T>>, after?: (data: T) => void): Promise<Outcome<T>> => {
      set({ problem: undefined });
      const outcome = await run;
      if (!outcome.ok) {
        set({ problem: outcome.problem });
        return outcome;
      }
      after?.(outcome.data);
      set({ changes: get().changes + 1 });
      await get().load();
      return outcome;
    };

    const load = async () => {
      const [collections, spaces] = await Promise.all([
        attempt(client, 'listCollectionsInOrganizationById', { params, query: { ...WHOLE, nested: 'true' } }),
        attempt(client, 'listSpacesInOrganizationById', { params, query: WHOLE }),
      ]);
      if (!collections.ok) return set({ tree: { status: 'failed', problem: collections.problem } });
      if (!spaces.ok) return set({ tree: { status: 'failed', problem: spaces.problem } });
      set({ tree: { status: 'ready', data: buildTree(collections.data.items, spaces.data.items) } });
    };

    const loadTrash = async () => {
      const found = await Promise.all(shelf.list().map((spaceId) => attempt(client, 'getSpaceById', { params: { spaceId } })));
      const trashed = found.flatMap((outcome) => (outcome.ok && outcome.data.deletedAt ? [outcome.data] : []));
      const unreachable = found.find((outcome) => !outcome.ok && outcome.status === undefined);
      if (unreachable && !unreachable.ok) return set({ trash: { status: 'failed', problem: unreachable.problem } });
      // Purged, restored elsewhere or out of reach: nothing left to offer.
      shelf.drop(shelf.list().filter((id) => !trashed.some((space) => space.id === id)));
      set({ trash: { status: 'ready', data: trashed } });
    };

    const remove = (item: ItemRef) => {
      const tree = get().tree;
      const node = tree.status === 'ready' ? findNode(tree.data, item) : undefined;
      const trashed = node ? spacesWithin(node) : item.kind === 'space' ? [item.id] : [];
      const run =
        item.kind === 'space'
          ? attempt(client, 'deleteSpaceById', { params: { spaceId: item.id } })
          : attempt(client, 'deleteCollectionById', { params: { collectionId: item.id } });
      return change<unknown>(run, () => shelf.add(trashed));
    };

    return {
      tree: { status: 'loading' },
      trash: { status: 'loading' },
      changes: 0,
      load,
      loadTrash,
      createCollection: (title, parent) =>
        change(attempt(client, 'createCollection', { params, body: { title, ...(parent ? { parent } : {}) } })),
      createSpace: (title, parent) => change(attempt(client, 'createSpace', { params, body: { title, ...(parent ? { parent } : {}) } })),
      rename: (item, title) =>
        change<unknown>(
          item.kind === 'space'
            ? attempt(client, 'updateSpaceById', { params: { spaceId: item.id }, body: { title } })
            : attempt(client, 'updateCollectionById', { params: { collectionId: item.id }, body: { title } }),
        ),
      move: (item, parent) =>
        change<unknown>(
          item.kind === 'space'
            ? attempt(client, 'moveSpace', { params: { spaceId: item.id }, body: { parent } })
            : attempt(client, 'moveCollection', { params: { collectionId: item.id }, body: { parent } }),
        ),
      remove,
      restore: async (spaceId) => {
        const outcome = await change(attempt(client, 'restoreSpace', { params: { spaceId } }), () => shelf.drop([spaceId]));
        if (outcome.ok) await loadTrash();
        return outcome;
      },
    };
  });
}
