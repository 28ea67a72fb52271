import { describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { raw, type TestServer } from '../../../support/server.js';
import { otherOrganization } from '../../../support/content.js';
import { createTranslation, pollTranslation, runsReached, serverWithTranslator, sourceSpace } from './fixture.js';

let t: TestServer;
serverWithTranslator((server) => {
  t = server;
});

const org = () => ({ organizationId: t.organizationId });
const instructions = { object: 'document' as const, data: {}, nodes: [] };

describe('creating a translation', () => {
  it('answers 201 with its location, and the translation as get and list show it', async () => {
    const space = await newSpace(t.owner, t.organizationId, { title: 'Handbook' });
    const url = `${t.url}/v1/orgs/${t.organizationId}/translations`;
    const res = await raw(url, { method: 'POST', token: t.owner.token, body: JSON.stringify({ language: 'ja', source: { space: space.id, language: 'en' } }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'translation',
      language: 'ja',
      permissions: { view: true, edit: true },
      urls: { location: `${url}/${res.body.id}` },
    });
    const got = ok(await t.owner.client.call('getTranslation', { params: { ...org(), translationId: res.body.id } }));
    expect(got.id).toBe(res.body.id);
    const listed = ok(await t.owner.client.call('listTranslations', { params: org() }));
    expect(listed.items.map((item) => item.id)).toContain(res.body.id);
    await pollTranslation(t, res.body.id);
  });

  it.each<[string, unknown, string]>([
    ['no language', { source: { space: 'x', language: 'en' } }, 'body.language'],
    ['a language outside the 39', { language: 'xx', source: { space: 'x', language: 'en' } }, 'body.language'],
    ['no source', { language: 'fr' }, 'body.source'],
    ['no source language', { language: 'fr', source: { space: 'x' } }, 'body.source.language'],
    ['a source space id that is not an id', { language: 'fr', source: { space: 'a/b', language: 'en' } }, 'body.source.space'],
    ['instructions that are not a document', { language: 'fr', source: { space: 'x', language: 'en' }, instructions: { markdown: 'Be brief' } }, 'body.instructions'],
    [
      'instructions whose text has no marks',
      { language: 'fr', source: { space: 'x', language: 'en' }, instructions: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Be brief' }] }] }] } },
      'body.instructions.nodes.0.nodes.0.leaves.0.marks',
    ],
  ])('%s: a 400 naming the field', async (_, body, field) => {
    const res = await raw(`${t.url}/v1/orgs/${t.organizationId}/translations`, { method: 'POST', token: t.owner.token, body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}[.:]`));
  });

  it('zh-tw, a language of 0.202.0 that 0.146.0 lacks, is refused naming the field; zh is taken', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const refused = await t.owner.client.call('createTranslation', { params: org(), body: { language: 'zh-tw' as never, source: { space: space.id, language: 'en' } } });
    expectFailure(refused, 400, /^body\.language: /);
    const created = ok(await t.owner.client.call('createTranslation', { params: org(), body: { language: 'zh', source: { space: space.id, language: 'en' } } }));
    expect(created.language).toBe('zh');
  });

  it('a source space that is unknown, of another organization or in the trash is a 400 naming body.source.space', async () => {
    const elsewhere = await newSpace(t.owner, otherOrganization(t));
    const trashed = await newSpace(t.owner, t.organizationId);
    ok(await t.owner.client.call('deleteSpaceById', { params: { spaceId: trashed.id } }));
    for (const space of ['unknown', elsewhere.id, trashed.id]) {
      expectFailure(await t.owner.client.call('createTranslation', { params: org(), body: { language: 'fr', source: { space, language: 'en' } } }), 400, /^body\.source\.space: no space/);
    }
  });

  it('an unknown organization is a 404', async () => {
    expectFailure(await t.owner.client.call('listTranslations', { params: { organizationId: 'unknown' } }), 404);
  });

  it('the result space title keeps within the 50 characters of a space title', async () => {
    const { spaceId } = await sourceSpace(t, [{ title: 'Page', markdown: 'Text.\n' }], 'T'.repeat(50));
    const done = await pollTranslation(t, (await createTranslation(t, spaceId)).id);
    const space = ok(await t.owner.client.call('getSpaceById', { params: { spaceId: done.result!.space } }));
    expect(space.title).toBe(`${'T'.repeat(45)} (fr)`);
  });
});

describe('changing, running and deleting', () => {
  it('PUT replaces the instructions and needs them (400 naming body.instructions)', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const created = await createTranslation(t, space.id);
    const params = { ...org(), translationId: created.id };
    const next = { ...instructions, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Keep it short.', marks: [] }] }] }] };
    const updated = ok(await t.owner.client.call('updateTranslation', { params, body: { instructions: next } }));
    expect(updated.instructions).toEqual(next);
    const res = await raw(`${t.url}/v1/orgs/${t.organizationId}/translations/${created.id}`, { method: 'PUT', token: t.owner.token, body: '{}' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body\.instructions:/);
    await pollTranslation(t, created.id);
  });

  it('run answers 204 and counts a run; unknown translations are 404 for get, put, run and delete', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const created = await createTranslation(t, space.id);
    await pollTranslation(t, created.id);
    const params = { ...org(), translationId: created.id };
    const res = await raw(`${t.url}/v1/orgs/${t.organizationId}/translations/${created.id}/run`, { method: 'POST', token: t.owner.token });
    expect(res.status).toBe(204);
    expect((await pollTranslation(t, created.id, runsReached(2))).stats.runs).toBe(2);

    ok(await t.owner.client.call('deleteTranslation', { params }));
    expectFailure(await t.owner.client.call('getTranslation', { params }), 404, 'No matching translation found');
    expectFailure(await t.owner.client.call('updateTranslation', { params, body: { instructions } }), 404);
    expectFailure(await t.owner.client.call('runTranslation', { params }), 404);
    expectFailure(await t.owner.client.call('deleteTranslation', { params }), 404);
  });

  it('deleting a translation keeps its result space', async () => {
    const { spaceId } = await sourceSpace(t, [{ title: 'Kept', markdown: 'Text.\n' }]);
    const done = await pollTranslation(t, (await createTranslation(t, spaceId)).id);
    ok(await t.owner.client.call('deleteTranslation', { params: { ...org(), translationId: done.id } }));
    ok(await t.owner.client.call('getSpaceById', { params: { spaceId: done.result!.space } }));
  });
});

describe('listing', () => {
  it('pages in creation order; limit 0 answers only the count, 1000 is the most, 1001 a 400', async () => {
    const all = ok(await t.owner.client.call('listTranslations', { params: org(), query: { limit: 1000 } }));
    expect(all.items.length).toBe(all.count);
    const counted = ok(await t.owner.client.call('listTranslations', { params: org(), query: { limit: 0 } }));
    expect(counted).toMatchObject({ count: all.count, items: [] });
    expectFailure(await t.owner.client.call('listTranslations', { params: org(), query: { limit: 1001 } }), 400, /^query\.limit:/);
    const first = ok(await t.owner.client.call('listTranslations', { params: org(), query: { limit: 1 } }));
    const second = ok(await t.owner.client.call('listTranslations', { params: org(), query: { limit: 1, page: first.next!.page } }));
    expect([first.items[0]!.id, second.items[0]!.id]).toEqual(all.items.slice(0, 2).map((item) => item.id));
  });
});
