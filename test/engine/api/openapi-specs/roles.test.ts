import { beforeAll, describe, expect, it } from 'vitest';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { ok } from '../../../support/content.js';
import { CALLERS, roleOf, serverWithCallers, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { itChecksAccess } from '../members/people.js';
import { json, openapi31 } from './fixtures.js';
import { pollSpec } from './spec-server.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, callers) => {
  t = server;
  users = callers;
});

/** Members read specs; those who may create content (`createOpenAPISpec`) change them. */
const view = (c: Caller) => roleAtLeast(roleOf(c), 'read');
const edit = (c: Caller) => roleAtLeast(roleOf(c), 'create');
const org = () => ({ organizationId: t.organizationId });
const source = { text: json(openapi31) };
let count = 0;
let versionId: string;

beforeAll(async () => {
  ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: 'shared', source } }));
  versionId = (await pollSpec(t, 'shared')).lastVersion!;
});

/** A fresh spec to act upon (calls may delete it). */
async function fresh() {
  const specSlug = `target-${++count}`;
  ok(await t.owner.client.call('createOpenAPISpec', { params: org(), body: { slug: specSlug, source } }));
  return { ...org(), specSlug };
}
const shared = () => ({ ...org(), specSlug: 'shared' });

const operations: { name: string; allowed: (c: Caller) => boolean; call: (u: TestUser) => Promise<{ status: number }> }[] = [
  { name: 'listOpenAPISpecs', allowed: view, call: (u) => u.client.call('listOpenAPISpecs', { params: org() }) },
  { name: 'createOpenAPISpec', allowed: edit, call: (u) => u.client.call('createOpenAPISpec', { params: org(), body: { slug: `new-${++count}`, source } }) },
  { name: 'getOpenAPISpecBySlug', allowed: view, call: (u) => u.client.call('getOpenAPISpecBySlug', { params: shared() }) },
  { name: 'createOrUpdateOpenAPISpecBySlug', allowed: edit, call: async (u) => u.client.call('createOrUpdateOpenAPISpecBySlug', { params: await fresh(), body: { source } }) },
  { name: 'deleteOpenAPISpecBySlug', allowed: edit, call: async (u) => u.client.call('deleteOpenAPISpecBySlug', { params: await fresh() }) },
  { name: 'updateOpenAPISpecBySlug', allowed: edit, call: async (u) => u.client.call('updateOpenAPISpecBySlug', { params: await fresh(), body: { visibility: 'public' } }) },
  { name: 'listOpenAPISpecVersions', allowed: view, call: (u) => u.client.call('listOpenAPISpecVersions', { params: shared() }) },
  { name: 'getLatestOpenAPISpecVersion', allowed: view, call: (u) => u.client.call('getLatestOpenAPISpecVersion', { params: shared() }) },
  { name: 'getLatestOpenAPISpecVersionContent', allowed: view, call: (u) => u.client.call('getLatestOpenAPISpecVersionContent', { params: shared() }) },
  { name: 'getOpenAPISpecVersionById', allowed: view, call: (u) => u.client.call('getOpenAPISpecVersionById', { params: { ...shared(), versionId } }) },
  { name: 'getOpenAPISpecVersionContentById', allowed: view, call: (u) => u.client.call('getOpenAPISpecVersionContentById', { params: { ...shared(), versionId } }) },
];

describe('OpenAPI spec operations by role', () => {
  itChecksAccess(operations.map((op) => ({ ...op, call: (c: Caller) => op.call(users[c]) })));

  it.each(CALLERS.filter(view))("%s: the spec's permissions and the organization's createOpenAPISpec agree with the checks", async (caller) => {
    const spec = ok(await users[caller].client.call('getOpenAPISpecBySlug', { params: shared() }));
    expect(spec.permissions).toEqual({ view: true, edit: edit(caller) });
    const organization = ok(await users[caller].client.call('getOrganizationById', { params: org() }));
    expect(organization.permissions.createOpenAPISpec).toBe(edit(caller));
  });
});
