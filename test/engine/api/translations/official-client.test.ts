import { GitBookAPI, GitBookAPIError, TranslationLanguage } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/server.js';
import { pollTranslation, runsReached, serverWithTranslator, sourceSpace } from './fixture.js';

let t: TestServer;
let api: GitBookAPI;
serverWithTranslator((server) => {
  t = server;
  api = new GitBookAPI({ endpoint: t.url, authToken: t.owner.token });
});

describe('@gitbook/api on translations', () => {
  it('creates, follows the run, updates, runs again, lists and deletes', async () => {
    const { spaceId } = await sourceSpace(t, [{ title: 'Welcome', markdown: 'Hello.\n' }]);
    const created = await api.orgs.createTranslation(t.organizationId, {
      language: TranslationLanguage.De,
      source: { space: spaceId, language: TranslationLanguage.En },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'translation', status: 'pending', language: 'de', source: { space: spaceId, language: 'en' } });
    const done = await pollTranslation(t, created.data.id);

    const got = await api.orgs.getTranslation(t.organizationId, created.data.id);
    expect(got.data).toMatchObject({ status: 'completed', result: done.result, stats: { runs: 1, totalPages: 1, latestPages: 1 } });
    const instructions = { object: 'document' as const, data: {}, nodes: [] };
    const updated = await api.orgs.updateTranslation(t.organizationId, created.data.id, { instructions });
    expect(updated.data.instructions).toEqual(instructions);
    const run = await api.orgs.runTranslation(t.organizationId, created.data.id);
    expect(run.status).toBe(204);
    await pollTranslation(t, created.data.id, runsReached(2));
    const list = await api.orgs.listTranslations(t.organizationId);
    expect(list.data.items.map((item) => item.id)).toEqual([created.data.id]);

    await api.orgs.deleteTranslation(t.organizationId, created.data.id);
    const error = await api.orgs.getTranslation(t.organizationId, created.data.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(404);
  });
});
