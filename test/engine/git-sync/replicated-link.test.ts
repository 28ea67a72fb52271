import { afterEach, beforeEach, expect, it } from 'vitest';
import { ok } from '../../support/content.js';
import { eventually, SyncedSpace } from '../sync/nodes.js';
import { FixtureRepository } from './repository-fixture.js';

// Every engine polls every 50 ms; a link polls its repository each second of the engines' clocks.
const POLLING = { git: { pollIntervalMs: 50, retryMs: 0 } };

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
}, 60_000);
