import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ApiClient } from '../../src-shared/client/client.js';
import { App } from '../../src-renderer/App.js';
import type { Route } from '../../src-renderer/routing/route.js';
import { describeApiError } from '../../src-renderer/api/problems.js';
import { roleWords } from '../../src-renderer/orgs/permissions.js';
import type { SessionState, View } from '../../src-renderer/store/session.js';
import { FIRST_START_DONE, memoryStorage, organization, USER } from './fake-page.js';

const client = new ApiClient(async () => ({ status: 500, headers: {}, body: undefined }));
const access = { kind: 'browser', origin: 'http://127.0.0.1:4470', token: 'folio_t' } as const;

// Server rendering reads a store's initial state, so each view gets a store that starts there.
function render(view: View, route?: Route): string {
  const store = createStore<SessionState>()(() => ({ view, client, access, load: async () => {}, refresh: async () => {}, submitToken: async () => {} }));
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

  it("shows the user's name and each organization with their place in it, when there are several", () => {
    const html = render({
      status: 'ready',
      user: USER,
      organizations: [organization('Handbook', { admin: true, createContent: true }), organization('Reading room')],
      firstStart: FIRST_START_DONE,
    });
    expect(html).toContain('Signed in as <strong>Ada Lovelace</strong>');
    expect(html).toContain('<h2><a href="#/orgs/handbook">Handbook</a></h2><p class="permissions">You administer this organization</p>');
    expect(html).toContain('<h2><a href="#/orgs/reading-room">Reading room</a></h2><p class="permissions">You can read the spaces shared with you</p>');
    expect(html).toContain('Engine: http://127.0.0.1:4470');
    expect(html).toContain('data-slot="sync"');
    expect(html).not.toContain('Collections and spaces');
  });

  it("opens an organization's space with its sidebar, both loading at first", () => {
    const html = render(
      { status: 'ready', user: USER, organizations: [organization('Handbook')], firstStart: FIRST_START_DONE },
      { screen: 'space', org: 'handbook', space: 'space1' },
    );
    expect(html).toMatch(/<option value="handbook" selected="">Handbook<\/option>/);
    expect(html).toContain('aria-label="Collections and spaces"');
    expect(html).toMatch(/role="status"[^>]*>Loading collections and spaces…</);
    expect(html).toMatch(/role="status"[^>]*>Loading the space…</);
  });

  it('says so when an address leads nowhere', () => {
    const html = render({ status: 'ready', user: USER, organizations: [], firstStart: FIRST_START_DONE }, { screen: 'organization', org: 'gone' });
    expect(html).toMatch(/role="alert"[^>]*>This organization does not lead anywhere you can open.</);
  });

  it('says so when the user belongs to no organization', () => {
    expect(render({ status: 'ready', user: USER, organizations: [], firstStart: FIRST_START_DONE })).toContain(
      'You are not a member of any organization yet.',
    );
  });
});

describe('the first screens', () => {
  const firstStart = {
    needed: true,
    name: 'ada',
    organization: { id: 'handbook', title: "ada's docs" },
    space: { id: 'welcome', title: 'Welcome to Folio' },
  };

  it("asks a new data dir's owner their name and their organization's, filled in with first start's", () => {
    const html = render({ status: 'ready', user: USER, organizations: [organization('Handbook')], firstStart });
    expect(html).toMatch(/<h1 id="[^"]+">Welcome to Folio<\/h1>/);
    expect(html).toMatch(/<label for="[^"]+">Your name<\/label><input [^>]*value="ada"/);
    expect(html).toContain('value="ada&#x27;s docs"');
    expect(html).not.toContain('Collections and spaces');
  });

  it('opens the only organization at once, with the sidebar saying where the person is', () => {
    const html = render({ status: 'ready', user: USER, organizations: [organization('Handbook', { createContent: true })], firstStart: FIRST_START_DONE });
    expect(html).not.toContain('id="orgs-title"');
    expect(html).toMatch(/<h1 id="org-title">Handbook<\/h1><p class="note">You can create spaces here.<\/p>/);
    expect(html).toMatch(/<a class="where-org" href="#\/orgs\/handbook" aria-current="page"><span class="where-kind">Organization<\/span>Handbook<\/a>/);
    expect(html).not.toContain('All organizations');
    expect(html).toMatch(/<button type="button">New space<\/button>/);
  });

  it('offers no creation to a role without it, and says why', () => {
    const html = render({ status: 'ready', user: USER, organizations: [organization('Reading room')], firstStart: FIRST_START_DONE });
    expect(html).toMatch(/<button type="button" disabled="" aria-describedby="sidebar-refusal">New space<\/button>/);
    expect(html).toContain('<p id="sidebar-refusal" class="note">Your role here does not create spaces or collections; an administrator can change it.</p>');
  });
});

describe('roleWords', () => {
  it('says when there is no access at all', () => {
    expect(roleWords(organization('Closed', { view: false }).permissions)).toBe('No access');
  });
});

describe('describeApiError', () => {
  it('says the engine\'s explanation once when it already says what the status means', () => {
    expect(describeApiError(403, { code: 403, message: 'Your role does not allow this' })).toBe('Your role does not allow this');
    expect(describeApiError(403, { code: 403, message: 'Only admins may list organizations' })).toBe('Your role does not allow this: Only admins may list organizations');
  });
});
