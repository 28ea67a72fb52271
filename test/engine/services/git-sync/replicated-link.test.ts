import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ok } from '../../../support/content.js';
import { SyncedSpace } from '../sync/nodes.js';
import { FixtureRepository } from './repository-fixture.js';

// Every engine polls every 50 ms; a link polls its repository each second of the engines' clocks.
const POLLING = { git: { pollIntervalMs: 50, retryMs: 0 } };
/** Waits for what takes git processes and sync: seconds on a loaded machine. */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 45_000, interval: 50 });

let synced: SyncedSpace;
let repo: FixtureRepository;
beforeEach(async () => {
  synced = await SyncedSpace.start(POLLING);
  repo = new FixtureRepository();
});
afterEach(async () => {
  await synced.stop();
  repo.remove();
});

it('a space linked on one device is imported there only: the hub and other replicas take its pages through sync, never a second copy', async () => {
  repo.commit({ 'README.md': '# Start\n\nFrom the repository.\n', 'guide.md': '# Guide\n' });
  const [writer, reader] = [await synced.replica(), await synced.replica()];
  const spaceId = synced.spaceId;
  ok(await writer.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: repo.url, ref: 'main', direction: 'import', pollSeconds: 1 } }));
  const titles = async (client: typeof writer.client) => ok(await client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title).sort();
  await eventually(async () => expect(await titles(writer.client)).toEqual(['Guide', 'Start']));
  // The link and the pages reach the hub and the other replica.
  await eventually(async () => expect(await titles(reader.client)).toEqual(['Guide', 'Start']));
  // A commit pushed later: the writer's engine imports it at its next poll, and the others take it through sync.
  repo.commit({ 'later.md': '# Pushed later\n' });
  for (const clock of [synced.hub.clock, writer.clock, reader.clock]) clock.advance(2_000);
  for (const client of [synced.hub.owner.client, writer.client, reader.client]) {
    await eventually(async () => expect(await titles(client)).toEqual(['Guide', 'Pushed later', 'Start']));
  }
  // Polls went on everywhere meanwhile (every engine's clock moved past the link's second): only the writer's ran any.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const client of [synced.hub.owner.client, writer.client, reader.client]) expect(await titles(client)).toEqual(['Guide', 'Pushed later', 'Start']);
  expect(ok(await writer.client.call('getSpaceGitOperation', { params: { spaceId } }))).toMatchObject({ state: 'success' });
  for (const client of [synced.hub.owner.client, reader.client]) expect((await client.call('getSpaceGitOperation', { params: { spaceId } })).ok).toBe(false);
  // Every engine shows the link.
  expect(ok(await reader.client.call('getSpaceGitLink', { params: { spaceId } }))).toMatchObject({ url: repo.url });
}, 120_000);

it('a merge made on another device is exported by the device that runs the link, once', async () => {
  repo.commit({ 'README.md': '# Start\n' });
  const [writer, reviewer] = [await synced.replica(), await synced.replica()];
  const spaceId = synced.spaceId;
  ok(await writer.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: repo.url, ref: 'main', direction: 'both', pollSeconds: 1 } }));
  const titles = async (client: typeof writer.client) => ok(await client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title).sort();
  await eventually(async () => expect(await titles(reviewer.client)).toEqual(['Start']));
  const commitsBefore = repo.commitCount();

  // The reviewer writes and merges a change request on their own desktop, which does not run the link.
  const cr = ok(await reviewer.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Reviewed elsewhere' } }));
  const params = { spaceId, changeRequestId: cr.id };
  ok(await reviewer.client.call('updateChangeRequestContent', { params, body: { changes: [{ operation: 'insert_page', title: 'Reviewed elsewhere', document: { markdown: 'Merged on the reviewer’s desktop.\n' } }] } as never }));
  ok(await reviewer.client.call('mergeChangeRequest', { params }));

  // The merge reaches the writer's engine through the hub, and it exports it.
  const exported = () => repo.paths().find((path) => /reviewed-elsewhere/i.test(path));
  const path = await eventually(() => exported() ?? Promise.reject(new Error('not exported yet')));
  expect(repo.show(path).toString('utf8')).toContain('Merged on the reviewer’s desktop.');
  expect(repo.commitCount()).toBe(commitsBefore + 1);
  // Nothing else goes out while main stands still, and nothing came back as a second copy.
  for (const clock of [synced.hub.clock, writer.clock, reviewer.clock]) clock.advance(2_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(repo.commitCount()).toBe(commitsBefore + 1);
  for (const client of [synced.hub.owner.client, writer.client, reviewer.client]) expect(await titles(client)).toEqual(['Reviewed elsewhere', 'Start']);
}, 120_000);

it('a link set again on another device matches the pages it finds by path: no copy, and the repository as main holds it changes nothing', async () => {
  repo.commit({ 'README.md': '# Start\n\nFrom the repository.\n', 'guide.md': '# Guide\n\nFirst words.\n' });
  const [writer, successor] = [await synced.replica(), await synced.replica()];
  const spaceId = synced.spaceId;
  const link = { url: repo.url, ref: 'main', direction: 'import' as const, pollSeconds: 1 };
  ok(await writer.client.call('setSpaceGitLink', { params: { spaceId }, body: link }));
  const titles = async (client: typeof writer.client) => ok(await client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title).sort();
  await eventually(async () => expect(await titles(successor.client)).toEqual(['Guide', 'Start']));
  const revision = async (client: typeof writer.client) => ok(await client.call('getSpaceById', { params: { spaceId } })).revision;
  await eventually(async () => expect(await revision(successor.client)).toBe(await revision(writer.client)));
  const before = await revision(successor.client);

  // Another member sets the link again on their desktop, which has no sync state of the repository: its first import finds every page in place.
  ok(await successor.client.call('setSpaceGitLink', { params: { spaceId }, body: link }));
  await eventually(async () => expect(ok(await successor.client.call('getSpaceGitOperation', { params: { spaceId } }))).toMatchObject({ state: 'success' }));
  expect(ok(await successor.client.call('getSpaceGitOperation', { params: { spaceId } })).changeRequest).toBeUndefined();
  expect(await revision(successor.client)).toBe(before);
  // Then it runs the link: a later commit goes straight into main, on the same pages, everywhere.
  repo.commit({ 'guide.md': '# Guide\n\nSecond words.\n' });
  for (const clock of [synced.hub.clock, writer.clock, successor.clock]) clock.advance(2_000);
  const guide = async (client: typeof writer.client) => {
    const page = ok(await client.call('listPages', { params: { spaceId } })).pages.find((candidate) => candidate.title === 'Guide')!;
    const read = ok(await client.call('getPageById', { params: { spaceId, pageId: page.id }, query: { format: 'markdown' } }));
    return 'markdown' in read ? read.markdown : '';
  };
  for (const client of [writer.client, successor.client]) await eventually(async () => expect(await guide(client)).toContain('Second words.'));
  for (const client of [synced.hub.owner.client, writer.client, successor.client]) expect(await titles(client)).toEqual(['Guide', 'Start']);
}, 120_000);

it('runs a link only as it was set on this device: an address changed through sync alone, its stamp kept, is neither fetched nor sent the stored token', async () => {
  const { HttpGitServer } = await import('./http-git-server.js');
  const elsewhere = new FixtureRepository();
  const [ours, theirs] = [await HttpGitServer.start(repo.dir, 'writer', 's3cret'), await HttpGitServer.start(elsewhere.dir, 'them', 'theirs')];
  try {
    repo.commit({ 'README.md': '# Start\n' });
    elsewhere.commit({ 'README.md': '# Start\n', 'other.md': '# Other\n' });
    const [holder, other] = [await synced.replica(), await synced.replica()];
    const spaceId = synced.spaceId;
    ok(await holder.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: ours.url('docs.git', 'writer'), ref: 'main', direction: 'import', pollSeconds: 1, token: 's3cret' } }));
    const titles = async (client: typeof holder.client) => ok(await client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title).sort();
    await eventually(async () => expect(await titles(other.client)).toEqual(['Start']));
    // Another engine rewrites the address in its own database, as a modified client would: the change syncs as a field of the link, its updated_at unchanged.
    other.engine.db.run('UPDATE space_git_links SET url = ? WHERE space_id = ?', theirs.url('docs.git'), spaceId);
    await eventually(async () => expect(ok(await holder.client.call('getSpaceGitLink', { params: { spaceId } }))).toMatchObject({ url: theirs.url('docs.git') }));
    for (const clock of [synced.hub.clock, holder.clock, other.clock]) clock.advance(2_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(theirs.requests).toEqual([]);
    // A hook naming that address gets no stored token either: the server sees no credentials, and refuses.
    ok(await holder.client.call('importGitRepository', { params: { spaceId }, body: { url: theirs.url('docs.git'), ref: 'main' } }));
    await eventually(async () => expect(ok(await holder.client.call('getSpaceGitOperation', { params: { spaceId } }))).toMatchObject({ state: 'failure' }));
    expect(theirs.requests.length).toBeGreaterThan(0);
    expect(theirs.requests.every((request) => request.authorization === undefined)).toBe(true);
    expect(await titles(holder.client)).toEqual(['Start']);
  } finally {
    await Promise.all([ours.close(), theirs.close()]);
    elsewhere.remove();
  }
}, 120_000);

it("a first import's change request, edited and merged on another device: the device that runs the link exports it, and takes the next push straight into main", async () => {
  const { crMarkdown, rewrite } = await import('../sync/change-requests.js');
  const [writer, reviewer] = [await synced.replica(), await synced.replica()];
  const spaceId = synced.spaceId;
  // A space written in Folio first; the repository has other words for its Guide.
  const cr = ok(await writer.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Written here' } }));
  ok(await writer.client.call('updateChangeRequestContent', {
    params: { spaceId, changeRequestId: cr.id },
    body: { changes: [{ operation: 'insert_page', title: 'Start', document: { markdown: 'Written here.\n' } }, { operation: 'insert_page', title: 'Guide', document: { markdown: 'Older words.\n' } }] } as never,
  }));
  ok(await writer.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: cr.id } }));
  repo.commit({ 'README.md': '# Start\n\nWritten here.\n', 'guide.md': '# Guide\n\nNewer words.\n' });
  ok(await writer.client.call('setSpaceGitLink', { params: { spaceId }, body: { url: repo.url, ref: 'main', direction: 'both', pollSeconds: 1 } }));
  const operation = async () => ok(await writer.client.call('getSpaceGitOperation', { params: { spaceId } }));
  const changeRequestId = await eventually(async () => (await operation()).changeRequest ?? Promise.reject(new Error('not imported yet')));
  const guideId = ok(await writer.client.call('listPages', { params: { spaceId } })).pages.find((page) => page.title === 'Guide')!.id;

  // The reviewer edits the change request on their desktop, and merges it there.
  const params = { spaceId, changeRequestId };
  await eventually(async () => expect(await crMarkdown(reviewer.client, params, guideId)).toContain('Newer words.'));
  await rewrite(reviewer.client, params, guideId, 'Reviewed words.\n');
  ok(await reviewer.client.call('mergeChangeRequest', { params }));

  // The merge reaches the writer's engine, which exports the reviewer's words (Git's other files as they were).
  await eventually(() => expect(repo.show('guide.md').toString()).toContain('Reviewed words.'));
  expect(repo.changedFiles()).toEqual(['M\tguide.md']);
  // In step: a push goes straight into main.
  repo.commit({ 'README.md': '# Start\n\nWritten here, then pushed.\n' }, 'Edit the start');
  const pushed = repo.head();
  for (const clock of [synced.hub.clock, writer.clock, reviewer.clock]) clock.advance(2_000);
  await eventually(async () => expect(await operation()).toMatchObject({ state: 'success', direction: 'import', commit: pushed }));
  expect((await operation()).changeRequest).toBeUndefined();
}, 120_000);
