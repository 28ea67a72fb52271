import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { newSite } from './support.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

describe('POST …/sections', () => {
  it('gathers the root site spaces into a first, default section, then adds the new one after it', async () => {
    const { params, spaces } = await newSite(t, ['Guide', 'Reference']);
    const api = await newSpace(t.owner, t.organizationId, { title: 'API' });
    const res = await call('addSectionToSite', { params, body: { spaceId: api.id, icon: 'gear' } });
    expect(res.status).toBe(201);
    const section = ok(res);
    expect(section).toMatchObject({ object: 'site-section', title: 'API', path: 'api', default: false, icon: 'gear', urls: {} });
    expect(section.siteSpaces.map((s) => [s.space.id, s.default, s.section])).toEqual([[api.id, true, section.id]]);
    expect(res.headers.location).toMatch(new RegExp(`/sites/${params.siteId}/sections/${section.id}$`));
    const all = ok(await call('listSiteSections', { params })).items;
    expect(all.map((s) => [s.title, s.default])).toEqual([['Guide', true], ['API', false]]);
    expect(all[0]!.siteSpaces.map((s) => s.space.id)).toEqual(spaces.map((s) => s.id));
    const published = ok(await call('getPublishedContentSite', { params }));
    expect(published.structure.type).toBe('sections');
  });

  it('takes a title of 2–128 characters, refusing 1 and 129, and an icon of at most 50', async () => {
    const { params } = await newSite(t);
    const space = await newSpace(t.owner, t.organizationId);
    const add = (body: object) => call('addSectionToSite', { params, body: { spaceId: space.id, ...body } });
    expect(ok(await add({ title: 'ab' })).title).toBe('ab');
    expect(ok(await add({ title: 'a'.repeat(128) })).title).toBe('a'.repeat(128));
    expectFailure(await add({ title: 'a' }), 400, /^body\.title:/);
    expectFailure(await add({ title: 'a'.repeat(129) }), 400, /^body\.title:/);
    expectFailure(await add({ icon: 'i'.repeat(51) }), 400, /^body\.icon:/);
    expectFailure(await call('addSectionToSite', { params, body: {} as never }), 400, /^body\.spaceId:/);
    expectFailure(await add({ spaceId: 'nope' }), 404);
  });
});

describe('PATCH …/sections/{siteSectionId}', () => {
  it('changes title, path, default site space, condition, icon and description', async () => {
    const { params } = await newSite(t);
    const [a, b] = [await newSpace(t.owner, t.organizationId, { title: 'A1' }), await newSpace(t.owner, t.organizationId)];
    const section = ok(await call('addSectionToSite', { params, body: { spaceId: a.id } }));
    const second = ok(await call('addSpaceToSite', { params, body: { spaceId: b.id, sectionId: section.id } }));
    const p = { ...params, siteSectionId: section.id };
    const changed = ok(await call('updateSiteSectionById', {
      params: p,
      body: { title: 'Guides', path: 'guides', defaultSiteSpace: second.id, condition: 'visitor.claims.beta == true', icon: 'book', description: 'All guides' },
    }));
    expect(changed).toMatchObject({ title: 'Guides', path: 'guides', condition: 'visitor.claims.beta == true', icon: 'book', description: 'All guides' });
    expect(changed.siteSpaces.map((s) => [s.id, s.default])).toEqual([[section.siteSpaces[0]!.id, false], [second.id, true]]);
    const cleared = ok(await call('updateSiteSectionById', { params: p, body: { condition: null, icon: null, description: null } }));
    expect([cleared.condition, cleared.icon, cleared.description]).toEqual([undefined, undefined, undefined]);
  });

  it('enforces its limits and refuses a default site space of another section', async () => {
    const { params } = await newSite(t);
    const space = await newSpace(t.owner, t.organizationId);
    const one = ok(await call('addSectionToSite', { params, body: { spaceId: space.id, title: 'One' } }));
    const two = ok(await call('addSectionToSite', { params, body: { spaceId: space.id, title: 'Two' } }));
    const patch = (body: object) => call('updateSiteSectionById', { params: { ...params, siteSectionId: one.id }, body });
    expectFailure(await patch({ title: 'x' }), 400, /^body\.title:/);
    expectFailure(await patch({ path: '' }), 400, /^body\.path:/);
    expectFailure(await patch({ path: 'p'.repeat(101) }), 400, /^body\.path:/);
    expectFailure(await patch({ condition: 'c'.repeat(1025) }), 400, /^body\.condition:/);
    expectFailure(await patch({ description: 'd'.repeat(257) }), 400, /^body\.description:/);
    expect(ok(await patch({ description: 'd'.repeat(256) })).description).toHaveLength(256);
    expectFailure(await patch({ path: two.path }), 409, /^body\.path:/);
    expectFailure(await patch({ defaultSiteSpace: two.siteSpaces[0]!.id }), 400, /^body\.defaultSiteSpace:/);
    expectFailure(await patch({ defaultSiteSpace: 'nope' }), 404);
    expectFailure(await call('updateSiteSectionById', { params: { ...params, siteSectionId: 'nope' }, body: {} }), 404);
  });
});

describe('DELETE …/sections/{siteSectionId}', () => {
  it('deletes a section with its site spaces; the next section becomes the default; a second delete is a 404', async () => {
    const { params } = await newSite(t);
    const space = await newSpace(t.owner, t.organizationId);
    const one = ok(await call('addSectionToSite', { params, body: { spaceId: space.id, title: 'One' } }));
    const two = ok(await call('addSectionToSite', { params, body: { spaceId: space.id, title: 'Two' } }));
    const p = { ...params, siteSectionId: one.id };
    expect((await call('deleteSiteSectionById', { params: p })).status).toBe(204);
    expect(ok(await call('listSiteSections', { params })).items.map((s) => [s.id, s.default])).toEqual([[two.id, true]]);
    expect(ok(await call('getSiteById', { params })).siteSpaces).toBe(1);
    expectFailure(await call('deleteSiteSectionById', { params: p }), 404);
  });
});

describe('PATCH …/sites/{siteId} defaults', () => {
  it('sets the default section, then the default site space in it, and refuses one outside it', async () => {
    const { params } = await newSite(t);
    const [a, b] = [await newSpace(t.owner, t.organizationId), await newSpace(t.owner, t.organizationId)];
    const one = ok(await call('addSectionToSite', { params, body: { spaceId: a.id, title: 'One' } }));
    const two = ok(await call('addSectionToSite', { params, body: { spaceId: b.id, title: 'Two' } }));
    const extra = ok(await call('addSpaceToSite', { params, body: { spaceId: a.id, sectionId: two.id } }));
    expectFailure(await call('updateSiteById', { params, body: { defaultSiteSpace: extra.id } }), 400, /^body\.defaultSiteSpace:/);
    ok(await call('updateSiteById', { params, body: { defaultSiteSection: two.id, defaultSiteSpace: extra.id } }));
    const sections = ok(await call('listSiteSections', { params })).items;
    expect(sections.map((s) => [s.id, s.default])).toEqual([[one.id, false], [two.id, true]]);
    expect(sections[1]!.siteSpaces.map((s) => [s.id, s.default])).toEqual([[two.siteSpaces[0]!.id, false], [extra.id, true]]);
    expectFailure(await call('updateSiteById', { params, body: { defaultSiteSection: 'nope' } }), 404);
    expectFailure(await call('updateSiteById', { params, body: { defaultSiteSpace: 'nope' } }), 404);
  });

  it('sets the default site space at the root of a site without sections', async () => {
    const { params } = await newSite(t, ['A', 'B']);
    const [, b] = ok(await call('listSiteSpaces', { params })).items;
    ok(await call('updateSiteById', { params, body: { defaultSiteSpace: b!.id } }));
    expect(ok(await call('listSiteSpaces', { params, query: { default: 'true' } })).items.map((s) => s.id)).toEqual([b!.id]);
  });
});

describe('POST …/sections/{siteSectionId}/move (deprecated)', () => {
  it('moves a section among its siblings; 400 for an invalid position, 404 for no such section', async () => {
    const { params } = await newSite(t);
    const space = await newSpace(t.owner, t.organizationId);
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) ids.push(ok(await call('addSectionToSite', { params, body: { spaceId: space.id, title } })).id);
    const [one, two, three] = ids as [string, string, string];
    const move = (id: string, position?: object) =>
      call('moveSiteSection', { params: { ...params, siteSectionId: id }, body: position ? ({ position } as never) : undefined });
    const res = await move(three, { before: { type: 'site-section', siteSection: one } });
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('true');
    const order = async () => ok(await call('getPublishedContentSite', { params })).structure.structure.map((s) => s.id);
    expect(await order()).toEqual([three, one, two]);
    ok(await move(three));
    expect(await order()).toEqual([one, two, three]);
    expectFailure(await move(one, { before: { type: 'site-section', siteSection: 'nope' } }), 400, 'Invalid move site section position provided');
    expectFailure(await move('nope', {}), 404);
  });
});
