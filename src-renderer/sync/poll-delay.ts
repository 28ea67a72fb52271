import type { Resource } from '../hooks/use-resource.js';
import { pendingCount, type SyncStatus } from './sync-words.js';

/**
 * How long to wait before asking for the sync status again. Often while something moves (a
 * connection being made, changes waiting for the hub), rarely when nothing can change by itself.
 */
export function pollDelay(view: Resource<SyncStatus>): number {
  if (view.status !== 'ready') return 5_000;
  const { state } = view.data;
  if (state === 'connecting' || (state === 'connected' && pendingCount(view.data) > 0)) return 1_000;
  if (state === 'connected') return 3_000;
  if (state === 'offline') return 5_000;
  return 15_000;
}
