import { describe, expect, it, vi } from 'vitest';
import { detectConnection } from '../../src-renderer/api/connection.js';
import { createSessionStore } from '../../src-renderer/store/session.js';
import { apiError, engineAnswering, fakePage, FIRST_START_DONE, organization, USER } from './fake-page.js';

const ORIGIN = 'http://127.0.0.1:4470';

async function loaded(href: string, answer: Parameters<typeof fakePage>[1]) {
  const { page } = fakePage(href, answer);
  const store = createSessionStore(detectConnection(page));
  await store.getState().load();
  return { page, store };
}

describe('in a browser', () => {
  it('asks for a token and requests nothing without one', async () => {
    const { page, store } = await loaded(`${ORIGIN}/`, engineAnswering('folio_ok', []));
    expect(store.getState().view).toEqual({ status: 'needs-token' });
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it('loads the user and their organizations with the token from the address', async () => {
    const { page, store } = await loaded(`${ORIGIN}/?token=folio_ok`, engineAnswering('folio_ok', [organization('Handbook')]));
    expect(store.getState().view).toMatchObject({ status: 'ready', user: USER, organizations: [{ title: 'Handbook' }] });
    expect(page.fetch.mock.calls.map(([url]) => url).sort()).toEqual([`${ORIGIN}/v1/first-start`, `${ORIGIN}/v1/orgs`, `${ORIGIN}/v1/user`]);
  });

  it('loads the organizations again without leaving the screen, and keeps them when that fails', async () => {
    const organizations = [organization('Handbook')];
    let reachable = true;
    const answer = engineAnswering('folio_ok', organizations);
    const { store } = await loaded(`${ORIGIN}/?token=folio_ok`, (request) => {
      if (!reachable) throw new TypeError('fetch failed');
      return answer(request);
    });
    organizations.push(organization('From the hub'));
    const views: string[] = [];
    store.subscribe((state) => views.push(state.view.status));
    await store.getState().refresh();
    expect(views).toEqual(['ready']);
    expect(store.getState().view).toMatchObject({ status: 'ready', organizations: [{ title: 'Handbook' }, { title: 'From the hub' }] });
    reachable = false;
    await store.getState().refresh();
    expect(store.getState().view).toMatchObject({ status: 'ready', organizations: [{ title: 'Handbook' }, { title: 'From the hub' }] });
  });

  it('asks again, in words, when the token is refused, and forgets it', async () => {
    const { page, store } = await loaded(`${ORIGIN}/?token=folio_stale`, engineAnswering('folio_ok', []));
    expect(store.getState().view).toEqual({
      status: 'needs-token',
      problem: 'The access token was not accepted: A valid bearer token is required',
    });
    expect(page.sessionStorage.getItem('folio.token')).toBeNull();

    await store.getState().submitToken('folio_ok');
    expect(store.getState().view).toMatchObject({ status: 'ready' });
  });

  it('reports other API errors in words', async () => {
    const { store } = await loaded(`${ORIGIN}/?token=folio_ok`, () => apiError(403, 'Only admins may list organizations'));
    expect(store.getState().view).toEqual({
      status: 'failed',
      problem: 'Your role does not allow this: Only admins may list organizations',
    });
  });

  it('says so when the engine cannot be reached', async () => {
    const { store } = await loaded(`${ORIGIN}/?token=folio_ok`, () => {
      throw new TypeError('fetch failed');
    });
    expect(store.getState().view).toEqual({ status: 'failed', problem: 'Could not reach the Folio engine: fetch failed' });
  });

  it('lets the latest load win', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const answer = engineAnswering('folio_ok', [organization('Late')]);
    const { page } = fakePage(`${ORIGIN}/?token=folio_ok`, async (request) => {
      if (request.authorization === 'Bearer folio_ok') await slow;
      return answer(request);
    });
    const store = createSessionStore(detectConnection(page));
    const first = store.getState().load();
    await store.getState().submitToken('folio_other');
    release();
    await first;
    expect(store.getState().view).toMatchObject({ status: 'needs-token' });
  });
});

describe('in Electron', () => {
  it('goes through the preload bridge and never asks for a token', async () => {
    const request = vi.fn(async ({ path }: { path: string }) => {
      if (path === '/v1/user') return { status: 200, headers: {}, body: USER };
      if (path === '/v1/first-start') return { status: 200, headers: {}, body: FIRST_START_DONE };
      return { status: 200, headers: {}, body: { count: 0, items: [] } };
    });
    const { page } = fakePage(`app://folio/index.html`, engineAnswering('unused', []));
    const store = createSessionStore(detectConnection({ ...page, folio: { request, openDoc: vi.fn(), settings: vi.fn() } }));
    await store.getState().load();
    expect(store.getState().view).toEqual({ status: 'ready', user: USER, organizations: [], firstStart: FIRST_START_DONE });
    expect(request).toHaveBeenCalledWith({ method: 'GET', path: '/v1/user', body: undefined });
    expect(page.fetch).not.toHaveBeenCalled();
  });
});
