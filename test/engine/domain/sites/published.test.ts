import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { publishedStructure, type ConditionEvaluator } from '../../../../src-main/engine/domain/sites/published.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { newSite } from '../../api/sites/support.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

/** A published site with two sections: `Open` (two site spaces, the second hidden) and `Beta` (conditioned). */
async function adaptiveSite() {
  const { params } = await newSite(t);
  const [guide, hidden, beta] = await Promise.all(['Guide', 'Internal', 'Beta'].map((title) => newSpace(t.owner, t.organizationId, { title })));
  const open = ok(await call('addSectionToSite', { params, body: { spaceId: guide!.id, title: 'Open' } }));
  const internal = ok(await call('addSpaceToSite', { params, body: { spaceId: hidden!.id, sectionId: open.id } }));
  ok(await call('updateSiteSpaceById', { params: { ...params, siteSpaceId: internal.id }, body: { hidden: true } }));
  const betaSection = ok(await call('addSectionToSite', { params, body: { spaceId: beta!.id, title: 'Beta' } }));
  ok(await call('updateSiteSectionById', { params: { ...params, siteSectionId: betaSection.id }, body: { condition: 'visitor.claims.isBeta == true' } }));
  ok(await call('publishSite', { params }));
  return { params, open, internal, betaSection };
}

describe('GET …/published', () => {
  it('says how the site looks and behaves, every setting there, in the colours and fonts its stylesheet uses', async () => {
    const { params } = await adaptiveSite();
    const { site, customizations } = ok(await call('getPublishedContentSite', { params }));
    const settings = customizations.site;
    expect(Object.keys(settings).sort()).toEqual([
      'advancedCustomization', 'ai', 'externalLinks', 'favicon', 'feedback', 'footer', 'git', 'header', 'insights',
      'internationalization', 'pageActions', 'pagination', 'pdf', 'privacyPolicy', 'socialPreview', 'styling', 'themes', 'title', 'trademark',
    ]);
    expect(settings.title).toBe(site.title);
    expect(settings).toMatchObject({ themes: { default: 'light', toggeable: false }, pdf: { enabled: false }, ai: { mode: 'none' }, externalLinks: { target: 'self' } });
    const css = await (await fetch(`${t.url}/sites/${params.siteId}/~assets/site.css`)).text();
    const { primaryColor, infoColor, dangerColor } = settings.styling;
    for (const color of [primaryColor.light, primaryColor.dark, infoColor.light, dangerColor.light]) expect(css).toContain(color);
    expect(css).toContain('"Inter", system-ui');
    expect(settings.styling).toMatchObject({ font: 'Inter', monospaceFont: 'SourceCodePro' });
  });

  it('answers the site and its structure, hidden site spaces flagged, conditioned sections kept for a caller without claims', async () => {
    const { params, open, internal, betaSection } = await adaptiveSite();
    const published = ok(await call('getPublishedContentSite', { params }));
    expect(published).toMatchObject({ object: 'published-content-site', site: { id: params.siteId, published: true }, customizations: { siteSpaces: {} }, scripts: [] });
    expect(published.structure.type).toBe('sections');
    const sections = published.structure.structure as { id: string; siteSpaces: { id: string; hidden: boolean; urls: { published?: string } }[]; urls: { published?: string } }[];
    expect(sections.map((s) => s.id)).toEqual([open.id, betaSection.id]);
    expect(sections[0]!.siteSpaces.map((s) => [s.id === internal.id, s.hidden])).toEqual([[false, false], [true, true]]);
    const base = `${t.url}/sites/${params.siteId}/`;
    expect(sections[0]!.urls.published).toBe(base);
    expect(sections[0]!.siteSpaces[1]!.urls.published).toBe(`${base}${internal.path}/`);
    expect(sections[1]!.urls.published).toBe(`${base}beta/`);
  });

  it('is a siteSpaces structure for a site without sections', async () => {
    const { params, spaces } = await newSite(t, ['A', 'B']);
    const published = ok(await call('getPublishedContentSite', { params }));
    expect(published.structure.type).toBe('siteSpaces');
    expect(published.structure.structure.map((s) => (s as { space: { id: string } }).space.id)).toEqual(spaces.map((s) => s.id));
  });

  it('leaves out site spaces whose space is in the trash, and sections left empty', async () => {
    const { params } = await newSite(t, ['A']);
    const trashed = await newSpace(t.owner, t.organizationId);
    const section = ok(await call('addSectionToSite', { params, body: { spaceId: trashed.id, title: 'Gone' } }));
    ok(await call('deleteSpaceById', { params: { spaceId: trashed.id } }));
    const published = ok(await call('getPublishedContentSite', { params }));
    const ids = published.structure.structure.map((s) => s.id);
    expect(ids).not.toContain(section.id);
    expect(ids).toHaveLength(1);
  });

  it('admits non-members only to a published site whose audience they are, share-link sites with their key', async () => {
    const { params } = await newSite(t, ['A']);
    const outsider = t.user();
    const read = (shareKey?: string) => outsider.client.call('getPublishedContentSite', { params, query: shareKey ? { shareKey } : {} });
    expectFailure(await read(), 403);
    ok(await call('publishSite', { params }));
    ok(await read());
    ok(await outsider.client.call('listSiteSpaces', { params }));
    ok(await call('updateSiteById', { params, body: { visibility: 'unlisted' } }));
    ok(await read());
    const site = ok(await call('updateSiteById', { params, body: { visibility: 'share-link' } }));
    const shareKey = new URL(site.urls.published!).searchParams.get('shareKey')!;
    expectFailure(await read(), 403);
    expectFailure(await read('wrong'), 403);
    ok(await read(shareKey));
    ok(await outsider.client.call('listSiteSections', { params, query: { shareKey } }));
    expectFailure(await outsider.client.call('listSiteSpaces', { params }), 403);
    ok(await call('updateSiteById', { params, body: { visibility: 'visitor-auth' } }));
    expectFailure(await read(shareKey), 403);
    expectFailure(await outsider.client.call('getSiteById', { params }), 403);
  });

  it('answers 404 for an unknown site', async () => {
    expectFailure(await call('getPublishedContentSite', { params: { organizationId: t.organizationId, siteId: 'nope' } }), 404);
  });
});

describe('publishedStructure for a visitor with claims', () => {
  const reader = () => ({ db: t.engine.db, urls: t.engine.urls, now: t.clock.now().toISOString() });
  const isBeta: ConditionEvaluator = (condition, claims) => condition === 'visitor.claims.isBeta == true' && claims.isBeta === true;

  it('keeps a conditioned section only for visitors its condition admits', async () => {
    const { params, open, betaSection } = await adaptiveSite();
    const ids = (claims: Record<string, unknown>, evaluate?: ConditionEvaluator) =>
      publishedStructure(reader(), params.siteId, claims, evaluate)!.structure.structure.map((s) => s.id);
    expect(ids({ isBeta: true }, isBeta)).toEqual([open.id, betaSection.id]);
    expect(ids({ isBeta: false }, isBeta)).toEqual([open.id]);
    expect(ids({ isBeta: true })).toEqual([open.id]);
  });

  it('agrees with the API for a visitor without claims, and is undefined for no site', async () => {
    const { params } = await adaptiveSite();
    const structure = publishedStructure(reader(), params.siteId)!;
    const api = ok(await call('getPublishedContentSite', { params }));
    expect(structure.structure.structure.map((s) => s.id)).toEqual(api.structure.structure.map((s) => s.id));
    expect(structure.site.permissions.view).toBe(false);
    expect(publishedStructure(reader(), 'nope')).toBeUndefined();
  });
});
