import { SiteVisibility } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';

/** The public client of the service our API follows, pointed at a Folio engine: sites and their structure. */
const test = officialClientServer();

describe('@gitbook/api sites calls against Folio', () => {
  it('creates a site, arranges sections and groups, publishes it and reads what visitors see', async () => {
    const { t, api } = test;
    const org = t.organizationId;
    const [guide, reference] = await Promise.all(
      ['Guide', 'Reference'].map(async (title) => (await api.orgs.createSpace(org, { title })).data),
    );
    const created = await api.orgs.createSite(org, { title: 'Handbook', spaces: [guide!.id] });
    expect(created.status).toBe(201);
    const siteId = created.data.id;
    expect(created.data).toMatchObject({ published: false, siteSpaces: 1 });

    const section = await api.orgs.addSectionToSite(org, siteId, { spaceId: reference!.id, title: 'Reference' });
    expect(section.status).toBe(201);
    const sections = await api.orgs.listSiteSections(org, siteId);
    expect(sections.data.items.map((s) => s.title)).toEqual(['Guide', 'Reference']);
    const group = await api.orgs.addSectionGroupToSite(org, siteId, { title: 'More', sections: [section.data.id] });
    expect(group.data.children.map((c) => c.id)).toEqual([section.data.id]);
    await api.orgs.sortSiteStructure(org, siteId, {
      item: { type: 'site-section-group', id: group.data.id },
      position: { before: { type: 'site-section', id: sections.data.items[0]!.id } },
    });

    const updated = await api.orgs.updateSiteById(org, siteId, { visibility: SiteVisibility.Unlisted, basename: 'handbook' });
    expect(updated.data).toMatchObject({ visibility: 'unlisted', basename: 'handbook' });
    const published = await api.orgs.publishSite(org, siteId);
    expect(published.data).toMatchObject({ published: true, urls: { published: `${t.url}/sites/${siteId}/` } });

    const visible = await api.orgs.getPublishedContentSite(org, siteId);
    expect(visible.data.structure.type).toBe('sections');
    expect(visible.data.structure.structure.map((s) => s.id)).toEqual([group.data.id, sections.data.items[0]!.id]);

    const siteSpaces = await api.orgs.listSiteSpaces(org, siteId);
    const [first] = siteSpaces.data.items;
    const renamed = await api.orgs.updateSiteSpaceById(org, siteId, first!.id, { path: 'start' });
    expect(renamed.data.path).toBe('start');

    await api.orgs.updateSiteAdaptiveSchema(org, siteId, {
      jsonSchema: { type: 'object', properties: { isBeta: { type: 'boolean', description: 'Beta testers' } }, additionalProperties: false },
    });
    const conditions = await api.orgs.listSiteAdaptiveTemplateConditions(org, siteId);
    expect(conditions.data.items).toEqual([{ description: 'Beta testers', condition: 'visitor.claims.isBeta == true' }]);

    await api.orgs.removeSectionFromGroup(org, siteId, group.data.id, section.data.id);
    await api.orgs.deleteSiteSectionGroupById(org, siteId, group.data.id);
    await api.orgs.deleteSiteSectionById(org, siteId, section.data.id);
    await api.orgs.unpublishSite(org, siteId);
    const sites = await api.orgs.listSites(org, { published: false });
    expect(sites.data.items.map((s) => s.id)).toContain(siteId);
    await api.orgs.deleteSiteById(org, siteId);
    const gone = await api.orgs.getSiteById(org, siteId).catch((error: { code: number }) => error.code);
    expect(gone).toBe(404);
  });
});
