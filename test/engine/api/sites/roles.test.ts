import { describe, expect, it } from 'vitest';
import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace, ok } from '../../../support/content.js';
import { CALLERS } from '../../../support/roles.js';
import type { TestUser } from '../../../support/server.js';

const test = roleTestServer();
const owner = () => test.t.owner.client;

/** A fresh site with one section holding one site space, and a section group holding the section. */
async function fresh() {
  const organizationId = test.t.organizationId;
  const space = await newSpace(test.t.owner, organizationId);
  const site = ok(await owner().call('createSite', { params: { organizationId }, body: { title: 'Docs' } }));
  const params = { organizationId, siteId: site.id };
  const section = ok(await owner().call('addSectionToSite', { params, body: { spaceId: space.id } }));
  const group = ok(await owner().call('addSectionGroupToSite', { params, body: { title: 'G', sections: [section.id] } }));
  return { params, space, section, group, siteSpace: section.siteSpaces[0]! };
}

const read = atLeast('read');
const arrange = atLeast('create');
const admin = atLeast('admin');
type Attempt = (user: TestUser, f: Awaited<ReturnType<typeof fresh>>) => Promise<{ status: number }>;
const on = (operation: string, allowed: AccessCase[1], attempt: Attempt): AccessCase =>
  [operation, allowed, async (user) => attempt(user, await fresh())];

const cases: AccessCase[] = [
  on('listSites', read, (u, f) => u.client.call('listSites', { params: { organizationId: f.params.organizationId } })),
  on('createSite', admin, (u, f) => u.client.call('createSite', { params: { organizationId: f.params.organizationId } })),
  on('getSiteById', read, (u, f) => u.client.call('getSiteById', { params: f.params })),
  on('deleteSiteById', admin, (u, f) => u.client.call('deleteSiteById', { params: f.params })),
  on('updateSiteById', admin, (u, f) => u.client.call('updateSiteById', { params: f.params, body: { title: 'Renamed' } })),
  on('getSiteAdaptiveSchema', read, async (u, f) => {
    const jsonSchema = { type: 'object', properties: {}, additionalProperties: false };
    ok(await owner().call('updateSiteAdaptiveSchema', { params: f.params, body: { jsonSchema } }));
    return u.client.call('getSiteAdaptiveSchema', { params: f.params });
  }),
  on('updateSiteAdaptiveSchema', admin, (u, f) => u.client.call('updateSiteAdaptiveSchema', {
    params: f.params, body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } },
  })),
  on('listSiteAdaptiveTemplateConditions', read, (u, f) => u.client.call('listSiteAdaptiveTemplateConditions', { params: f.params })),
  on('getPublishedContentSite', read, (u, f) => u.client.call('getPublishedContentSite', { params: f.params })),
  on('getSitePublishingAuthById', admin, (u, f) => u.client.call('getSitePublishingAuthById', { params: f.params })),
  on('regenerateSitePublishingAuthById', admin, (u, f) => u.client.call('regenerateSitePublishingAuthById', { params: f.params })),
  on('publishSite', admin, (u, f) => u.client.call('publishSite', { params: f.params })),
  on('unpublishSite', admin, (u, f) => u.client.call('unpublishSite', { params: f.params })),
  on('sortSiteStructure', arrange, (u, f) => u.client.call('sortSiteStructure', {
    params: f.params, body: { item: { type: 'site-section-group', id: f.group.id }, position: {} },
  })),
  on('listSiteSpaces', read, (u, f) => u.client.call('listSiteSpaces', { params: f.params })),
  on('addSpaceToSite', arrange, (u, f) => u.client.call('addSpaceToSite', { params: f.params, body: { spaceId: f.space.id } })),
  on('deleteSiteSpaceById', arrange, (u, f) => u.client.call('deleteSiteSpaceById', { params: { ...f.params, siteSpaceId: f.siteSpace.id } })),
  on('updateSiteSpaceById', arrange, (u, f) => u.client.call('updateSiteSpaceById', {
    params: { ...f.params, siteSpaceId: f.siteSpace.id }, body: { hidden: true },
  })),
  on('moveSiteSpace', arrange, (u, f) => u.client.call('moveSiteSpace', { params: { ...f.params, siteSpaceId: f.siteSpace.id } })),
  on('listSiteSections', read, (u, f) => u.client.call('listSiteSections', { params: f.params })),
  on('addSectionToSite', arrange, (u, f) => u.client.call('addSectionToSite', { params: f.params, body: { spaceId: f.space.id } })),
  on('deleteSiteSectionById', arrange, (u, f) => u.client.call('deleteSiteSectionById', { params: { ...f.params, siteSectionId: f.section.id } })),
  on('updateSiteSectionById', arrange, (u, f) => u.client.call('updateSiteSectionById', {
    params: { ...f.params, siteSectionId: f.section.id }, body: { title: 'Renamed' },
  })),
  on('moveSiteSection', arrange, (u, f) => u.client.call('moveSiteSection', { params: { ...f.params, siteSectionId: f.section.id } })),
  on('listSiteSectionGroups', read, (u, f) => u.client.call('listSiteSectionGroups', { params: f.params })),
  on('addSectionGroupToSite', arrange, (u, f) => u.client.call('addSectionGroupToSite', { params: f.params, body: { title: 'H' } })),
  on('deleteSiteSectionGroupById', arrange, (u, f) => u.client.call('deleteSiteSectionGroupById', {
    params: { ...f.params, siteSectionGroupId: f.group.id },
  })),
  on('updateSiteSectionGroupById', arrange, (u, f) => u.client.call('updateSiteSectionGroupById', {
    params: { ...f.params, siteSectionGroupId: f.group.id }, body: { title: 'H' },
  })),
  on('addSectionToGroup', arrange, (u, f) => u.client.call('addSectionToGroup', {
    params: { ...f.params, siteSectionGroupId: f.group.id }, body: { sectionId: f.section.id },
  })),
  on('removeSectionFromGroup', arrange, (u, f) => u.client.call('removeSectionFromGroup', {
    params: { ...f.params, siteSectionGroupId: f.group.id, siteSectionId: f.section.id },
  })),
  on('moveSiteSectionGroup', arrange, (u, f) => u.client.call('moveSiteSectionGroup', {
    params: { ...f.params, siteSectionGroupId: f.group.id },
  })),
];

describeAccess(test, cases);

describe('site permissions', () => {
  it.each(CALLERS)('agree with what the engine allows %s', async (caller) => {
    const user = test.users[caller];
    const f = await fresh();
    const seen = await user.client.call('getSiteById', { params: f.params });
    const edit = await user.client.call('updateSiteSpaceById', { params: { ...f.params, siteSpaceId: f.siteSpace.id }, body: {} });
    const settings = await user.client.call('updateSiteById', { params: f.params, body: {} });
    const schema = await user.client.call('listSiteAdaptiveTemplateConditions', { params: f.params });
    const expected = {
      view: seen.ok, access: seen.ok, create: edit.ok, admin: settings.ok, installIntegration: settings.ok,
      viewAdaptiveSchema: schema.ok, editAdaptiveSchema: settings.ok,
    };
    if (!seen.ok) return expect(Object.values(expected).every((allowed) => !allowed)).toBe(true);
    expect(seen.data.permissions).toMatchObject(expected);
    expect(seen.data.permissions.edit).toBe(caller !== 'read' && caller !== 'comment');
  });
});
