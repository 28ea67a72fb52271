import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hrefFor, parseHash } from '../../src-renderer/routing/route.js';
import { pollDelay } from '../../src-renderer/sync/poll-delay.js';
import { WorkspaceContext } from '../../src-renderer/frame/workspace-context.js';
import { HubForm, SyncDetails } from '../../src-renderer/sync/SyncSettingsPage.js';
import { SyncIndicatorView } from '../../src-renderer/sync/SyncIndicator.js';
import { createSyncStore, type Timers } from '../../src-renderer/sync/sync-store.js';
import { relativeTime, summarizeSync, type SyncStatus } from '../../src-renderer/sync/sync-words.js';
import { ok } from '../support/content.js';
import { TestServer } from '../support/server.js';
import { ownerWorkspace } from './owner-workspace.js';

const NOW = new Date('2026-03-02T12:00:00Z');
const status = (fields: Partial<SyncStatus>): SyncStatus => ({
  state: 'connected',
  url: 'ws://127.0.0.1:4471/v1/sync',
  connectedTo: 'ws://127.0.0.1:4471/v1/sync',
  outbox: 0,
  pendingChanges: 0,
  lastSyncAt: '2026-03-02T11:58:00Z',
  lastProblem: null,
  lag: [],
  permissions: { configure: true },
  ...fields,
});

/** Timers the test runs by hand: no clock, no waiting. */
class ManualTimers implements Timers {
  pending = new Map<number, { run: () => void; ms: number }>();
  private next = 0;
  setTimeout(run: () => void, ms: number): number {
    this.pending.set(++this.next, { run, ms });
    return this.next;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  fire(): void {
    const [handle, timer] = [...this.pending][0]!;
    this.pending.delete(handle);
    timer.run();
  }
}

describe('the sync words', () => {
  it('say the state, the pending changes and the last sync, in that order', () => {
    expect(summarizeSync(status({}), NOW)).toEqual({ tone: 'synced', label: 'Connected · no pending changes · last sync 2 min ago' });
    expect(summarizeSync(status({ outbox: 1 }), NOW)).toEqual({ tone: 'busy', label: 'Connected · 1 pending change · last sync 2 min ago' });
    expect(summarizeSync(status({ outbox: 1, pendingChanges: 2 }), NOW)).toEqual({ tone: 'busy', label: 'Connected · 3 pending changes · last sync 2 min ago' });
    expect(summarizeSync(status({ pendingChanges: 1 }), NOW).tone).toBe('busy');
    expect(summarizeSync(status({ state: 'offline', outbox: 3, lastSyncAt: null }), NOW)).toEqual({
      tone: 'offline',
      label: 'Offline · 3 pending changes · last sync never',
    });
    expect(summarizeSync(status({ state: 'connecting' }), NOW).tone).toBe('busy');
    expect(summarizeSync(status({ state: 'disabled', url: null }), NOW)).toEqual({ tone: 'local', label: 'Local only: sync is not set up on this device' });
  });

  it('tell how long ago the last sync was', () => {
    const ago = (seconds: number) => relativeTime(new Date(NOW.getTime() - seconds * 1000).toISOString(), NOW);
    expect(ago(10)).toBe('just now');
    expect(ago(-5)).toBe('just now');
    expect(ago(50)).toBe('1 min ago');
    expect(ago(59 * 60)).toBe('59 min ago');
    expect(ago(5 * 3600)).toBe('5 h ago');
    expect(ago(3 * 86_400)).toMatch(/2026/);
  });
});

describe('the status poll', () => {
  it('asks often while something moves and rarely when nothing can change by itself', () => {
    const ready = (fields: Partial<SyncStatus>) => pollDelay({ status: 'ready', data: status(fields) });
    expect(ready({ state: 'connecting' })).toBe(1_000);
    expect(ready({ outbox: 2 })).toBe(1_000);
    expect(ready({ pendingChanges: 2 })).toBe(1_000);
    expect(ready({})).toBe(3_000);
    expect(ready({ state: 'offline', outbox: 2 })).toBe(5_000);
    expect(ready({ state: 'disabled' })).toBe(15_000);
    expect(pollDelay({ status: 'failed', problem: 'unreachable' })).toBe(5_000);
  });
});

describe('the sync store against a real engine', () => {
  let server: TestServer;
  /** A second engine the first one's settings name: the settings are checked against a real hub. */
  let hub: TestServer;
  let hubUrl: string;
  beforeAll(async () => {
    server = await TestServer.start();
    hub = await TestServer.start();
    hubUrl = `ws://127.0.0.1:${hub.server.port}/v1/sync`;
  });
  afterAll(async () => {
    await server?.stop();
    await hub?.stop();
  });

  const settled = async (timers: ManualTimers) => expect.poll(() => timers.pending.size).toBe(1);

  it('polls one question at a time while followed, and stops when no one follows', async () => {
    const timers = new ManualTimers();
    const store = createSyncStore(server.owner.client, timers);
    const unfollow = store.getState().follow();
    await settled(timers);
    expect(store.getState().status).toEqual({ status: 'ready', data: expect.objectContaining({ state: 'disabled', url: null, outbox: 0 }) });
    expect([...timers.pending.values()][0]!.ms).toBe(15_000);
    timers.fire();
    await settled(timers);
    unfollow();
    expect(timers.pending.size).toBe(0);
  });

  it('a refresh starts the wait over with the new state, after the settings change', async () => {
    const timers = new ManualTimers();
    const store = createSyncStore(server.owner.client, timers);
    store.getState().follow();
    await settled(timers);
    ok(await server.owner.client.call('updateSyncSettings', { params: undefined, body: { url: hubUrl, token: hub.owner.token } }));
    await store.getState().refresh();
    expect(timers.pending.size).toBe(1);
    const { status: now } = store.getState();
    expect(now.status === 'ready' && now.data.url).toBe(hubUrl);
    ok(await server.owner.client.call('deleteSyncSettings', { params: undefined }));
  });

  it('Settings › Sync offers to connect without a hub, and to change or disconnect one', async () => {
    const workspace = await ownerWorkspace(server);
    // Server rendering reads a zustand store's initial state, so the form is drawn from the status itself.
    const form = (current: SyncStatus) =>
      renderToStaticMarkup(
        <WorkspaceContext.Provider value={workspace}>
          <HubForm status={current} onChanged={() => undefined} />
        </WorkspaceContext.Provider>,
      );
    const none = form(ok(await server.owner.client.call('getSyncStatus', { params: undefined })));
    expect(none).toContain('Connect to a hub');
    expect(none).not.toContain('Disconnect');
    const set = ok(await server.owner.client.call('updateSyncSettings', { params: undefined, body: { url: hubUrl, token: hub.owner.token } }));
    const html = form(set);
    expect(html).toContain('Change the hub');
    expect(html).toContain(`value="${hubUrl}"`);
    expect(html).toContain('Disconnect');
    ok(await server.owner.client.call('deleteSyncSettings', { params: undefined }));
  });

  it('keeps the failure in words when the engine cannot be asked', async () => {
    const timers = new ManualTimers();
    const stranger = server.clientFor('not-a-token');
    const store = createSyncStore(stranger, timers);
    await store.getState().refresh();
    expect(store.getState().status).toEqual({ status: 'failed', problem: expect.stringContaining('The access token was not accepted') });
    expect(timers.pending.size).toBe(0);
  });
});

describe('the sync views', () => {
  it('the indicator leads to the settings and carries its state for styles and tests', () => {
    const html = renderToStaticMarkup(<SyncIndicatorView status={{ status: 'ready', data: status({ outbox: 2 }) }} now={NOW} href="#/orgs/o1/settings/sync" />);
    expect(html).toContain('data-tone="busy" data-state="connected" data-outbox="2"');
    expect(html).toContain('<a href="#/orgs/o1/settings/sync">Connected · 2 pending changes · last sync 2 min ago</a>');
    const failed = renderToStaticMarkup(<SyncIndicatorView status={{ status: 'failed', problem: 'Could not reach the Folio engine' }} now={NOW} />);
    expect(failed).toContain('title="Could not reach the Folio engine"');
    expect(failed).toContain('Sync status unavailable');
  });

  it('the settings say the hub, what waits and the last problem', () => {
    const problem = 'No hub answers at ws://127.0.0.1:4471/v1/sync: nothing listens there';
    const html = renderToStaticMarkup(<SyncDetails status={status({ state: 'offline', outbox: 1, lastProblem: problem })} />);
    expect(html).toContain('Offline: waiting to try again');
    expect(html).toContain('<code>ws://127.0.0.1:4471/v1/sync</code>');
    expect(html).toContain('1 pending change');
    expect(html).toContain(problem);
    const refused = renderToStaticMarkup(<SyncDetails status={status({ state: 'refused', lastProblem: 'The hub refused this token' })} />);
    expect(refused).toContain('Refused by the hub: not trying again until the settings change');
    expect(summarizeSync(status({ state: 'refused' }), NOW)).toMatchObject({ tone: 'offline', label: expect.stringMatching(/^Refused by the hub · /) });
  });

  it('with several processes of one hub, the settings say which one this device is on', () => {
    const url = 'ws://127.0.0.1:7001/v1/sync,ws://127.0.0.1:7002/v1/sync';
    const html = renderToStaticMarkup(<SyncDetails status={status({ url, connectedTo: 'ws://127.0.0.1:7002/v1/sync' })} />);
    expect(html).toContain('<dt>Connected to</dt><dd data-testid="sync-connected-to"><code>ws://127.0.0.1:7002/v1/sync</code></dd>');
    const offline = renderToStaticMarkup(<SyncDetails status={status({ url, state: 'offline', connectedTo: null })} />);
    expect(offline).not.toContain('Connected to');
    // With one address the hub's row says it all.
    expect(renderToStaticMarkup(<SyncDetails status={status({})} />)).not.toContain('Connected to');
  });

  it('Settings has a sync section of its own', () => {
    expect(parseHash(hrefFor({ screen: 'settings', org: 'o1', section: 'sync' }))).toEqual({ screen: 'settings', org: 'o1', section: 'sync' });
  });
});
