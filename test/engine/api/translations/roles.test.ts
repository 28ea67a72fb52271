import { beforeAll, describe, expect, it } from 'vitest';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { newSpace, ok } from '../../../support/content.js';
import { CALLERS, roleOf, serverWithCallers, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { itChecksAccess } from '../members/people.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, callers) => {
  t = server;
  users = callers;
});

/** Members read translations; those who may create content create, change, run and delete them. */
const view = (c: Caller) => roleAtLeast(roleOf(c), 'read');
const edit = (c: Caller) => roleAtLeast(roleOf(c), 'create');
const org = () => ({ organizationId: t.organizationId });
const instructions = { object: 'document' as const, data: {}, nodes: [] };
let spaceId: string;
let sharedId: string;

beforeAll(async () => {
  spaceId = (await newSpace(t.owner, t.organizationId)).id;
  sharedId = (await fresh()).translationId;
});

/** A fresh translation to act upon (calls may delete it). */
async function fresh() {
  const created = ok(await t.owner.client.call('createTranslation', { params: org(), body: { language: 'fr', source: { space: spaceId, language: 'en' } } }));
  return { ...org(), translationId: created.id };
}
const shared = () => ({ ...org(), translationId: sharedId });

const operations: { name: string; allowed: (c: Caller) => boolean; call: (u: TestUser) => Promise<{ status: number }> }[] = [
  { name: 'listTranslations', allowed: view, call: (u) => u.client.call('listTranslations', { params: org() }) },
  { name: 'createTranslation', allowed: edit, call: (u) => u.client.call('createTranslation', { params: org(), body: { language: 'de', source: { space: spaceId, language: 'en' } } }) },
  { name: 'getTranslation', allowed: view, call: (u) => u.client.call('getTranslation', { params: shared() }) },
  { name: 'updateTranslation', allowed: edit, call: async (u) => u.client.call('updateTranslation', { params: await fresh(), body: { instructions } }) },
  { name: 'deleteTranslation', allowed: edit, call: async (u) => u.client.call('deleteTranslation', { params: await fresh() }) },
  { name: 'runTranslation', allowed: edit, call: async (u) => u.client.call('runTranslation', { params: await fresh() }) },
];

describe('translation operations by role', () => {
  itChecksAccess(operations.map((op) => ({ ...op, call: (c: Caller) => op.call(users[c]) })));

  it.each(CALLERS.filter(view))("%s: the translation's permissions agree with the checks", async (caller) => {
    const translation = ok(await users[caller].client.call('getTranslation', { params: shared() }));
    expect(translation.permissions).toEqual({ view: true, edit: edit(caller) });
  });

  it('a creator who cannot read the source space gets a 400 naming it, as for an unknown space', async () => {
    const hidden = await newSpace(t.owner, t.organizationId);
    ok(await t.owner.client.call('updateSpaceById', { params: { spaceId: hidden.id }, body: { defaultLevel: null } }));
    const res = await users.create.client.call('createTranslation', { params: org(), body: { language: 'fr', source: { space: hidden.id, language: 'en' } } });
    expect(res.ok ? 201 : res.status).toBe(400);
  });
});
