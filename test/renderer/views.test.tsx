import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ApiClient } from '../../src-shared/client/client.js';
import { App } from '../../src-renderer/App.js';
import type { Route } from '../../src-renderer/routing/route.js';
import { permissionSummary } from '../../src-renderer/orgs/permissions.js';
import type { SessionState, View } from '../../src-renderer/store/session.js';
import { memoryStorage, organization, USER } from './fake-page.js';

const client = new ApiClient(async () => ({ status: 500, headers: {}, body: undefined }));
const access = { kind: 'browser', origin: 'http://127.0.0.1:4470', token: 'folio_t' } as const;

// Server rendering reads a store's initial state, so each view gets a store that starts there.
function render(view: View, route?: Route): string {
  const store = createStore<SessionState>()(() => ({ view, client, access, load: async () => {}, submitToken: async () => {} }));
  return renderToStaticMarkup(<App store={store} storage={memoryStorage()} route={route} />);
}

describe('App', () => {
  it('shows only the token form when the browser has no token', () => {
    const html = render({ status: 'needs-token' });
    expect(html).toContain('<label for="token">Access token</label>');
    expect(html).not.toContain('Organizations');
    expect(html).not.toContain('role="alert"');
  });

  it('shows why a token was refused above the form', () => {
    expect(render({ status: 'needs-token', problem: 'The access token was not accepted' })).toMatch(
      /role="alert"[^>]*>The access token was not accepted</,
    );
  });

  it('announces loading', () => {
    expect(render({ status: 'loading' })).toMatch(/role="status"[^>]*>Loading your organizations…</);
  });

  it('shows a failure with a way to try again', () => {
    const html = render({ status: 'failed', problem: 'Could not reach the Folio engine' });
    expect(html).toMatch(/role="alert"[^>]*>Could not reach the Folio engine</);
    expect(html).toContain('Try again</button>');
  });

  it("shows the user's name and each organization with what they may do there", () => {
    const html = render({
      status: 'ready',
      user: USER,
      organizations: [organization('Handbook', { admin: true, createContent: true }), organization('Reading room')],
    });
    expect(html).toContain('Signed in as <strong>Ada Lovelace</strong>');
    expect(html).toContain('<h2><a href="#/orgs/handbook">Handbook</a></h2><p class="permissions">Can view, administer, create content</p>');
    expect(html).toContain('<h2><a href="#/orgs/reading-room">Reading room</a></h2><p class="permissions">Can view</p>');
    expect(html).toContain('Engine: http://127.0.0.1:4470');
    expect(html).toContain('data-slot="sync"');
    expect(html).not.toContain('Collections and spaces');
  });

  it("opens an organization's space with its sidebar, both loading at first", () => {
    const html = render(
      { status: 'ready', user: USER, organizations: [organization('Handbook')] },
      { screen: 'space', org: 'handbook', space: 'space1' },
    );
    expect(html).toMatch(/<option value="handbook" selected="">Handbook<\/option>/);
    expect(html).toContain('aria-label="Collections and spaces"');
    expect(html).toMatch(/role="status"[^>]*>Loading collections and spaces…</);
    expect(html).toMatch(/role="status"[^>]*>Loading the space…</);
  });

  it('says so when an address leads nowhere', () => {
    const html = render({ status: 'ready', user: USER, organizations: [] }, { screen: 'organization', org: 'gone' });
    expect(html).toMatch(/role="alert"[^>]*>This organization does not lead anywhere you can open.</);
  });

  it('says so when the user belongs to no organization', () => {
    expect(render({ status: 'ready', user: USER, organizations: [] })).toContain(
      'You are not a member of any organization yet.',
    );
  });
});

describe('permissionSummary', () => {
  it('says when there is no access at all', () => {
    expect(permissionSummary(organization('Closed', { view: false }).permissions)).toBe('No access');
  });
});
