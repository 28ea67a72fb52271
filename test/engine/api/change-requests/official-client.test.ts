import { ChangeRequestStatus } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { newSpace } from '../../../support/content.js';
import { officialClientServer } from '../../../support/official-client.js';

const test = officialClientServer();

describe('@gitbook/api change request calls against Folio', () => {
  it('creates, reads by number, updates and lists change requests', async () => {
    const { api, t } = test;
    const space = await newSpace(t.owner, t.organizationId);
    const created = await api.spaces.createChangeRequest(space.id, { subject: 'Document the CLI' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ number: 1, status: 'open', space: space.id, revisionInitial: space.revision });

    const byNumber = await api.spaces.getChangeRequestById(space.id, '1');
    expect(byNumber.data.id).toBe(created.data.id);
    const drafted = await api.spaces.updateChangeRequestById(space.id, created.data.id, { status: 'draft' });
    expect(drafted.data.status).toBe(ChangeRequestStatus.Draft);

    const open = await api.spaces.listChangeRequestsForSpace(space.id);
    expect(open.data.items).toEqual([]);
    const drafts = await api.spaces.listChangeRequestsForSpace(space.id, { status: ChangeRequestStatus.Draft });
    expect(drafts.data.items.map((cr) => cr.id)).toEqual([created.data.id]);
    const all = await api.orgs.listChangeRequestsForOrganization(t.organizationId);
    expect(all.data.items.map((cr) => cr.id)).toEqual([created.data.id]);
  });

  it('updates a change request from main and merges it, by number', async () => {
    const { api, t } = test;
    const space = await newSpace(t.owner, t.organizationId);
    const created = await api.spaces.createChangeRequest(space.id, { subject: 'Merge me' });
    const updated = await api.spaces.updateChangeRequest(space.id, String(created.data.number));
    expect(updated.data).toEqual({ revision: expect.any(String), result: 'update' });
    const merged = await api.spaces.mergeChangeRequest(space.id, created.data.id);
    expect(merged.data).toEqual({ revision: expect.any(String), result: 'merge' });
    const after = await api.spaces.getChangeRequestById(space.id, created.data.id);
    expect(after.data).toMatchObject({ status: 'merged', revisionMerged: merged.data.revision, outdated: false });
  });
});
