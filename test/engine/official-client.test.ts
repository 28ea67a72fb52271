import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../support/server.js';

/** The public client of the service our API follows, pointed at a Folio engine. */
let t: TestServer;
let api: GitBookAPI;
beforeAll(async () => {
  t = await TestServer.start();
  api = new GitBookAPI({ endpoint: t.url, authToken: t.owner.token });
});
afterAll(() => t.stop());

describe('@gitbook/api against Folio', () => {
  it('reads the authenticated user', async () => {
    const res = await api.user.getAuthenticatedUser();
    expect(res.data).toMatchObject({ object: 'user', id: t.owner.id });
  });

  it('lists, reads and updates organizations', async () => {
    const list = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(list.data.items.map((o) => o.id)).toEqual([t.organizationId]);
    const updated = await api.orgs.updateOrganizationById(t.organizationId, { title: 'Through the official client' });
    expect(updated.data.title).toBe('Through the official client');
    const got = await api.orgs.getOrganizationById(t.organizationId);
    expect(got.data.title).toBe('Through the official client');
  });

  it('surfaces our errors as its typed errors', async () => {
    const error = await api.orgs.getOrganizationById('missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(404);
  });

  it('reads and writes agent instructions', async () => {
    const instructions = { object: 'document' as const, data: {}, nodes: [] };
    await api.orgs.updateOrganizationAgentInstructions(t.organizationId, { instructions });
    const got = await api.orgs.getOrganizationAgentInstructions(t.organizationId);
    expect(got.data.instructions).toEqual(instructions);
  });
});
