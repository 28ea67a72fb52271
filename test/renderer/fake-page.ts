import { vi } from 'vitest';
import type { ConnectionPage } from '../../src-renderer/api/connection.js';
import type { TransportRequest, TransportResponse } from '../../src-shared/client/client.js';

export type Answer = (request: TransportRequest & { authorization?: string }) => TransportResponse | Promise<TransportResponse>;

/** A browser page at `href`, whose fetch answers with `answer`; records what it was asked. */
export function fakePage(href: string, answer: Answer) {
  const storage = new Map<string, string>();
  const page = {
    location: { href, origin: new URL(href).origin },
    history: {
      state: null,
      replaceState: vi.fn((_state: unknown, _unused: string, url: string) => {
        page.location.href = new URL(url, page.location.href).href;
      }),
    },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    fetch: vi.fn(async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
      const { pathname, search } = new URL(url);
      const response = await answer({
        method: init.method,
        path: pathname + search,
        body: init.body === undefined ? undefined : JSON.parse(init.body),
        authorization: init.headers.authorization,
      });
      return new Response(response.body === undefined ? null : JSON.stringify(response.body), {
        status: response.status,
        headers: response.headers,
      });
    }),
  } satisfies ConnectionPage;
  return { page, storage };
}

export const USER = {
  object: 'user' as const,
  id: 'u1',
  displayName: 'Ada Lovelace',
  urls: { location: 'http://127.0.0.1/v1/users/u1' },
};

export function organization(title: string, permissions: Partial<Record<string, boolean>> = {}) {
  return {
    object: 'organization' as const,
    id: title.toLowerCase().replace(/\W+/g, '-'),
    title,
    createdAt: '2026-01-01T00:00:00.000Z',
    emailDomains: [],
    type: 'business' as const,
    inviteLinks: true,
    plan: 'free' as const,
    mergeRules: { type: 'rules' as const, rules: [] },
    urls: { location: '', app: '' },
    trial: { status: 'none' as const, count: 0 },
    permissions: {
      view: true, admin: false, ownTeam: false, createContent: false, createOpenAPISpec: false, ingestConversations: false,
      viewBilling: false, listMembers: false, listTeams: false, listIntegrations: false, listInstallations: false,
      installIntegration: false, ...permissions,
    },
  };
}

/** What `GET /v1/first-start` answers once the owner has named themselves, or to anyone else. */
export const FIRST_START_DONE = { needed: false, name: 'Ada Lovelace', organization: null, space: null };

/** An engine that knows one token and answers /v1/user, /v1/orgs and /v1/first-start for it. */
export function engineAnswering(token: string, organizations: unknown[]): Answer {
  return ({ path, authorization }) => {
    if (authorization !== `Bearer ${token}`) return apiError(401, 'A valid bearer token is required');
    if (path === '/v1/user') return { status: 200, headers: {}, body: USER };
    if (path === '/v1/first-start') return { status: 200, headers: {}, body: FIRST_START_DONE };
    if (path.startsWith('/v1/orgs')) return { status: 200, headers: {}, body: { count: organizations.length, items: organizations } };
    return apiError(404, 'Not found');
  };
}

export function apiError(code: number, message: string): TransportResponse {
  return { status: code, headers: {}, body: { error: { code, message } } };
}

/** A Storage kept in memory, for the trash shelf. */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return { entries, getItem: (key) => entries.get(key) ?? null, setItem: (key, value) => void entries.set(key, value) };
}
