import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteVisibility } from '../../../../src-shared/contract/sites.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { markdownPage, publishedSite, spaceWithPages, textOf, visit, visitorKey, visitorToken } from './site-fixture.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const space = async (title: string) => (await spaceWithPages(t, title, [() => [markdownPage(`${title} home`, `All about ${title}.`)]])).spaceId;

/**
 * Guides (the default section), then a group "Reference" holding the section "API" whose site
 * spaces are v1 (its default), v2, and a hidden "Internal".
 */
async function structuredSite(visibility: SiteVisibility = 'public') {
  const [guides, v1, v2, internal] = [await space('Guides'), await space('API v1'), await space('API v2'), await space('Internal')];
  const site = await publishedSite(t, [guides], visibility);
  const params = { organizationId: t.organizationId, siteId: site.id };
  const api = ok(await t.owner.client.call('addSectionToSite', { params, body: { spaceId: v1, title: 'API' } }));
  const apiV2 = ok(await t.owner.client.call('addSpaceToSite', { params, body: { spaceId: v2, sectionId: api.id } }));
  const hidden = ok(await t.owner.client.call('addSpaceToSite', { params, body: { spaceId: internal, sectionId: api.id } }));
  ok(await t.owner.client.call('updateSiteSpaceById', { params: { ...params, siteSpaceId: hidden.id }, body: { hidden: true } }));
  ok(await t.owner.client.call('addSectionGroupToSite', { params, body: { title: 'Reference', sections: [api.id] } }));
  const published = ok(await t.owner.client.call('getPublishedContentSite', { params, query: {} }));
  return { site, params, api, apiV2, hidden, published };
}

/** The site's sections navigation of a page: its groups' and sections' titles, in order. */
function sectionsNav(html: string): string {
  return textOf(/<nav class="sections"[^]*?<\/nav>/.exec(html)?.[0] ?? '');
}

function variantsNav(html: string): string {
  return textOf(/<nav class="variants"[^]*?<\/nav>/.exec(html)?.[0] ?? '');
}

describe('navigation from sections, groups and site spaces', () => {
  it('lists sections inside their groups, and the section\'s variants without the hidden one', async () => {
    const { site, api, hidden, published } = await structuredSite();
    const home = await (await visit(site.urls.published!)).text();
    expect(sectionsNav(home)).toBe('Guides Reference API');
    expect(home).toContain('All about Guides.');
    expect(variantsNav(home)).toBe('');

    const apiHome = await (await visit(api.urls.published!)).text();
    expect(apiHome).toContain('All about API v1.');
    expect(apiHome).toMatch(/<a href="[^"]*" aria-current="true">API<\/a>/);
    expect(variantsNav(apiHome)).toBe('API v1 API v2');
    expect(apiHome).not.toContain('Internal');

    const internal = await visit(hidden.urls.published!);
    expect(internal.status).toBe(200);
    expect(await internal.text()).toContain('All about Internal.');

    // The navigation agrees with the structure the API publishes.
    expect(published.structure.type).toBe('sections');
    const titles = (nodes: readonly { object: string; title: string; children?: unknown }[]): string[] =>
      nodes.flatMap((node) => [node.title, ...(node.object === 'site-section-group' ? titles(node.children as typeof nodes) : [])]);
    expect(titles(published.structure.structure as never).join(' ')).toBe(sectionsNav(home));
  });

  it('links each section to its default site space and each variant to its own', async () => {
    const { site, api, apiV2: v2 } = await structuredSite();
    const home = await (await visit(site.urls.published!)).text();
    const apiPath = new URL(api.urls.published!).pathname.slice(`/sites/${site.id}/`.length);
    expect(home).toContain(`<a href="${apiPath}">API</a>`);
    const v2Page = await visit(v2.urls.published!);
    expect(v2Page.status).toBe(200);
    expect(await v2Page.text()).toContain('All about API v2.');
  });
});

describe('conditions', () => {
  async function asVisitor(siteId: string, url: string, claims: Record<string, unknown>) {
    const jwt = await visitorToken(await visitorKey(t, siteId), claims);
    return visit(`${url}${url.includes('?') ? '&' : '?'}jwt_token=${jwt}`);
  }

  it('hide a section and a site space from visitors whose claims do not meet them', async () => {
    const { site, params, api, apiV2: v2 } = await structuredSite('visitor-auth');
    ok(await t.owner.client.call('updateSiteSectionById', { params: { ...params, siteSectionId: api.id }, body: { condition: 'visitor.claims.developer == true' } }));
    ok(await t.owner.client.call('updateSiteSpaceById', { params: { ...params, siteSpaceId: v2.id }, body: { condition: '"beta" in visitor.claims.programs' } }));

    const reader = await (await asVisitor(site.id, site.urls.published!, { developer: false })).text();
    expect(sectionsNav(reader)).toBe('Guides');
    expect((await asVisitor(site.id, api.urls.published!, { developer: false })).status).toBe(404);

    const developer = await asVisitor(site.id, api.urls.published!, { developer: true, programs: [] });
    const developerHtml = await developer.text();
    expect(sectionsNav(developerHtml)).toBe('Guides Reference API');
    expect(variantsNav(developerHtml)).toBe('');
    expect((await asVisitor(site.id, v2.urls.published!, { developer: true, programs: [] })).status).toBe(404);

    const tester = await (await asVisitor(site.id, api.urls.published!, { developer: true, programs: ['beta'] })).text();
    expect(variantsNav(tester)).toBe('API v1 API v2');

    // A condition that reaches for anything but the claims hides its item rather than failing the page.
    ok(await t.owner.client.call('updateSiteSectionById', { params: { ...params, siteSectionId: api.id }, body: { condition: 'visitor.claims.constructor.constructor("return process")()' } }));
    const refused = await asVisitor(site.id, site.urls.published!, { developer: true });
    expect(refused.status).toBe(200);
    expect(sectionsNav(await refused.text())).toBe('Guides');
  });

  it('judge only a visitor-auth site\'s visitors: others see what GET …/published answers', async () => {
    const { site, params, api } = await structuredSite('public');
    ok(await t.owner.client.call('updateSiteSectionById', { params: { ...params, siteSectionId: api.id }, body: { condition: 'visitor.claims.developer == true' } }));
    const published = ok(await t.owner.client.call('getPublishedContentSite', { params, query: {} }));
    expect(published.structure.structure.map((node) => node.title)).toEqual(['Guides', 'Reference']);
    expect(sectionsNav(await (await visit(site.urls.published!)).text())).toBe('Guides Reference API');
  });
});
