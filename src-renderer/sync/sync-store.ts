import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../src-shared/client/client.js';
import { attempt } from '../api/call.js';
import type { Resource } from '../hooks/use-resource.js';
import { pollDelay } from './poll-delay.js';
import type { SyncStatus } from './sync-words.js';

export interface SyncState {
  status: Resource<SyncStatus>;
  /** Asks now (after a settings change, say) and starts the wait for the next poll over. */
  refresh(): Promise<void>;
  /** Polls while someone follows; returns the function that stops following. */
  follow(): () => void;
}

export type SyncStore = StoreApi<SyncState>;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The engine's sync status, one poll at a time, spaced by `pollDelay`: never a busy loop. */
export function createSyncStore(client: ApiClient, timers: Timers = globalTimers): SyncStore {
  return createStore<SyncState>()((set) => {
    let timer: unknown;
    let followers = 0;
    // Only the latest question may answer: a refresh overtakes a poll under way.
    let asked = 0;

    const cancelWait = () => {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    };

    const refresh = async (): Promise<void> => {
      const mine = ++asked;
      cancelWait();
      const outcome = await attempt(client, 'getSyncStatus', { params: undefined });
      if (mine !== asked) return;
      const status: Resource<SyncStatus> = outcome.ok ? { status: 'ready', data: outcome.data } : { status: 'failed', problem: outcome.problem };
      set({ status });
      if (followers > 0) timer = timers.setTimeout(() => void refresh(), pollDelay(status));
    };

    const follow = () => {
      followers += 1;
      if (followers === 1) void refresh();
      return () => {
        followers -= 1;
        if (followers === 0) cancelWait();
      };
    };

    return { status: { status: 'loading' }, refresh, follow };
  });
}

const globalTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
