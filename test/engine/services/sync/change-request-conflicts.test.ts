import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { ok } from '../../../support/content.js';
import { crMarkdown, mainMarkdown, mainPage, rewrite } from './change-requests.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';

const current = syncedSpaceEachTest();

const TIP = 'Tip: back up every day.';
const NOTE = 'Note: backups are automatic.';

const conflictsOf = async (client: ApiClient, params: { spaceId: string; changeRequestId: string }) =>
  ok(await client.call('listChangeRequestConflicts', { params, query: {} })).items.map(({ urls: _urls, ...conflict }) => conflict);

describe('conflicts of a change request', () => {
  it('recorded by an update on the hub reach a replica, which resolves them; the chosen text lands in main everywhere', async () => {
    const { hub, spaceId } = current();
    const { client } = hub.owner;
    const pageId = await mainPage(client, spaceId, 'Back up often.\n');
    const open = async (subject: string) => ({ spaceId, changeRequestId: ok(await client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id });
    const [a, b] = [await open('Tip'), await open('Note')];
    await rewrite(client, a, pageId, `${TIP}\n`);
    await rewrite(client, b, pageId, `${NOTE}\n`);
    ok(await client.call('mergeChangeRequest', { params: a }));
    expect(ok(await client.call('updateChangeRequest', { params: b })).result).toBe('conflicts');
    const recorded = await conflictsOf(client, b);
    expect(recorded).toHaveLength(1);

    const replica = await current().replica();
    await eventually(async () => expect(await conflictsOf(replica.client, b)).toEqual(recorded));
    await eventually(async () => expect(await crMarkdown(replica.client, b, pageId)).toBe(`${NOTE}\n`));
    // While it is open, a merge is refused on the replica too.
    expect(ok(await replica.client.call('mergeChangeRequest', { params: b })).result).toBe('conflicts');
    ok(await replica.client.call('resolveChangeRequestConflict', { params: { ...b, conflictId: recorded[0]!.id }, body: { markdown: 'Backups: daily and automatic.' } }));
    await eventually(async () => expect((await conflictsOf(client, b))[0]).toMatchObject({ status: 'resolved', resolution: { keep: 'edit' } }));
    await eventually(async () => expect(await crMarkdown(client, b, pageId)).toBe('Backups: daily and automatic.\n'));
    expect(ok(await client.call('mergeChangeRequest', { params: b })).result).toBe('merge');
    await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe('Backups: daily and automatic.\n'));
    expect(await mainMarkdown(client, spaceId, pageId)).toBe('Backups: daily and automatic.\n');
  });

  it('recorded by an update on the replica that wrote the change request reach the hub', async () => {
    const { hub, spaceId } = current();
    const { client } = hub.owner;
    const pageId = await mainPage(client, spaceId, 'Back up often.\n');
    const replica = await current().replica();
    await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe('Back up often.\n'));
    const b = { spaceId, changeRequestId: ok(await replica.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Note' } })).id };
    await rewrite(replica.client, b, pageId, `${NOTE}\n`);
    await eventually(async () => expect(await crMarkdown(client, b, pageId)).toBe(`${NOTE}\n`));
    const a = { spaceId, changeRequestId: ok(await client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Tip' } })).id };
    await rewrite(client, a, pageId, `${TIP}\n`);
    ok(await client.call('mergeChangeRequest', { params: a }));
    await eventually(async () => expect(await mainMarkdown(replica.client, spaceId, pageId)).toBe(`${TIP}\n`));

    expect(ok(await replica.client.call('mergeChangeRequest', { params: b })).result).toBe('conflicts');
    expect(ok(await replica.client.call('updateChangeRequest', { params: b })).result).toBe('conflicts');
    const recorded = await conflictsOf(replica.client, b);
    expect(recorded).toMatchObject([{ main: { markdown: `${TIP}\n` }, changeRequest: { markdown: `${NOTE}\n` } }]);
    await eventually(async () => expect(await conflictsOf(client, b)).toEqual(recorded));
    ok(await replica.client.call('resolveChangeRequestConflict', { params: { ...b, conflictId: recorded[0]!.id }, body: { keep: 'main' } }));
    expect(ok(await replica.client.call('mergeChangeRequest', { params: b })).result).toBe('merge');
    await eventually(async () => expect(await mainMarkdown(client, spaceId, pageId)).toBe(`${TIP}\n`));
  });
});
