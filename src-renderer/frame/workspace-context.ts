import { createContext, useContext } from 'react';
import type { ApiClient } from '../../src-shared/client/client.js';
import type { User } from '../store/overview.js';
import type { ApiAccess } from '../store/session.js';
import type { TreeStore } from '../tree/tree-store.js';

/** What every screen of a signed-in session needs: the client, who is signed in, how the engine is reached. */
export interface Workspace {
  client: ApiClient;
  user: User;
  access: ApiAccess;
}

export const WorkspaceContext = createContext<Workspace | undefined>(undefined);

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace outside a signed-in session');
  return workspace;
}

/** The open organization's content tree, shared by the sidebar and the screens that change it. */
export const TreeContext = createContext<TreeStore | undefined>(undefined);

export function useTreeStore(): TreeStore {
  const store = useContext(TreeContext);
  if (!store) throw new Error('useTreeStore outside an organization');
  return store;
}
