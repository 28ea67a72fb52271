import { GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../support/official-client.js';

/** The public client of the service our API follows, pointed at a Folio engine. */
const test = officialClientServer();

describe('@gitbook/api against Folio', () => {
  it('reads the authenticated user', async () => {
    const { t, api } = test;
    const res = await api.user.getAuthenticatedUser();
    expect(res.data).toMatchObject({ object: 'user', id: t.owner.id });
  });

  it('lists, reads and updates organizations', async () => {
    const { t, api } = test;
    const list = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(list.data.items.map((o) => o.id)).toEqual([t.organizationId]);
    const updated = await api.orgs.updateOrganizationById(t.organizationId, { title: 'Through the official client' });
    expect(updated.data.title).toBe('Through the official client');
    const got = await api.orgs.getOrganizationById(t.organizationId);
    expect(got.data.title).toBe('Through the official client');
  });

  it('surfaces our errors as its typed errors', async () => {
    const { t, api } = test;
    const error = await api.orgs.getOrganizationById('missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(404);
  });

  it('reads and writes agent instructions', async () => {
    const { t, api } = test;
    const instructions = { object: 'document' as const, data: {}, nodes: [] };
    await api.orgs.updateOrganizationAgentInstructions(t.organizationId, { instructions });
    const got = await api.orgs.getOrganizationAgentInstructions(t.organizationId);
    expect(got.data.instructions).toEqual(instructions);
  });
});
