import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FolioBridge } from '../../src-shared/client/bridge.js';
import type { ApiClient } from '../../src-shared/client/client.js';
import type { Connection } from '../api/connection.js';
import { loadOverview, type Overview } from './overview.js';

export type View =
  | { status: 'needs-token'; problem?: string }
  | { status: 'loading' }
  | ({ status: 'ready' } & Overview)
  | { status: 'failed'; problem: string };

/** How this page reaches the engine, for the Settings screen. */
export type ApiAccess = { kind: 'desktop'; bridge: FolioBridge } | { kind: 'browser'; origin: string; token: string };

export interface SessionState {
  view: View;
  /** Set once the engine has answered: the client every screen uses. */
  client?: ApiClient;
  access?: ApiAccess;
  load(): Promise<void>;
  /**
   * Loads the user and their organizations again without leaving the screen (organizations a hub
   * brought, or the starter organization gone once they came); a failure keeps what is shown.
   */
  refresh(): Promise<void>;
  submitToken(token: string): Promise<void>;
}

export type SessionStore = StoreApi<SessionState>;

function accessOf(connection: Connection): ApiAccess {
  if (connection.kind === 'desktop') return { kind: 'desktop', bridge: connection.bridge };
  return { kind: 'browser', origin: connection.origin, token: connection.token.get() ?? '' };
}

/** Who is signed in and what they belong to, loaded through whichever connection the page has. */
export function createSessionStore(connection: Connection): SessionStore {
  return createStore<SessionState>()((set, get) => {
    // Only the latest load may set the view: a token typed while an older load runs wins.
    let generation = 0;

    const currentClient = (): ApiClient | undefined => {
      if (connection.kind === 'desktop') return connection.client;
      const token = connection.token.get();
      return token ? connection.clientWith(token) : undefined;
    };

    const load = async (): Promise<void> => {
      const client = currentClient();
      const mine = ++generation;
      if (!client) return set({ view: { status: 'needs-token' } });
      set({ view: { status: 'loading' } });
      const result = await loadOverview(client);
      if (mine !== generation) return;
      if (result.ok) return set({ view: { status: 'ready', ...result.overview }, client, access: accessOf(connection) });
      if (result.unauthorized && connection.kind === 'browser') {
        connection.token.clear();
        return set({ view: { status: 'needs-token', problem: result.problem } });
      }
      set({ view: { status: 'failed', problem: result.problem } });
    };

    const refresh = async (): Promise<void> => {
      const client = currentClient();
      const mine = generation;
      if (!client || get().view.status !== 'ready') return;
      const result = await loadOverview(client);
      if (mine !== generation || !result.ok) return;
      const view = get().view;
      if (view.status === 'ready' && JSON.stringify(view) === JSON.stringify({ status: 'ready', ...result.overview })) return;
      set({ view: { status: 'ready', ...result.overview } });
    };

    const submitToken = async (token: string): Promise<void> => {
      if (connection.kind === 'browser') connection.token.set(token);
      await load();
    };

    return { view: { status: 'loading' }, load, refresh, submitToken };
  });
}
