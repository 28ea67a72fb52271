import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { App } from '../../src-renderer/App.js';
import { permissionSummary } from '../../src-renderer/orgs/permissions.js';
import type { SessionState, View } from '../../src-renderer/store/session.js';
import { organization, USER } from './fake-page.js';

// Server rendering reads a store's initial state, so each view gets a store that starts there.
function render(view: View): string {
  const store = createStore<SessionState>()(() => ({ view, load: async () => {}, submitToken: async () => {} }));
  return renderToStaticMarkup(<App store={store} />);
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
    expect(html).toContain('<h2>Handbook</h2><p class="permissions">Can view, administer, create content</p>');
    expect(html).toContain('<h2>Reading room</h2><p class="permissions">Can view</p>');
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
