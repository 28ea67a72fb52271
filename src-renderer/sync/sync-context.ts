import { createContext, useContext } from 'react';
import type { SyncStore } from './sync-store.js';

/** The one sync status of a signed-in window, shared by the status bar and Settings. */
export const SyncContext = createContext<SyncStore | undefined>(undefined);

export function useSyncStore(): SyncStore {
  const store = useContext(SyncContext);
  if (!store) throw new Error('useSyncStore outside a signed-in session');
  return store;
}
