import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStructure } from '../../src-renderer/api/types.js';
import { WorkspaceContext, type Workspace } from '../../src-renderer/frame/workspace-context.js';
import { hrefFor, parseHash } from '../../src-renderer/routing/route.js';
import { SiteActionsContext } from '../../src-renderer/sites/site-actions.js';
import { groupsIn, sectionsIn, stepPosition } from '../../src-renderer/sites/site-order.js';
import { SiteHeader } from '../../src-renderer/sites/SiteHeader.js';
import { SiteRows } from '../../src-renderer/sites/SitesScreen.js';
import { SiteStructureView } from '../../src-renderer/sites/SiteStructureView.js';
import { newSpace, ok } from '../support/content.js';
import { TestServer } from '../support/server.js';

// The views are rendered from what a real engine answered about real sites.
let server: TestServer;
let workspace: Workspace;

const sitePath = (siteId: string) => ({ organizationId: server.organizationId, siteId });

function render(siteId: string, node: ReactNode): string {
  const actions = { client: workspace.client, params: sitePath(siteId), run: async () => true };
  return renderToStaticMarkup(
    <WorkspaceContext.Provider value={workspace}>
      <SiteActionsContext.Provider value={actions}>{node}</SiteActionsContext.Provider>
    </WorkspaceContext.Provider>,
  );
}

async function siteOver(titles: string[], title = 'Handbook') {
  const spaces = [];
  for (const spaceTitle of titles) spaces.push((await newSpace(server.owner, server.organizationId, { title: spaceTitle })).id);
  return ok(await server.owner.client.call('createSite', { params: { organizationId: server.organizationId }, body: { title, spaces } }));
}

const published = async (siteId: string) => ok(await server.owner.client.call('getPublishedContentSite', { params: sitePath(siteId), query: {} }));

beforeAll(async () => {
  server = await TestServer.start();
  const me = ok(await server.owner.client.call('getAuthenticatedUser', { params: undefined }));
  workspace = { client: server.owner.client, user: me, access: { kind: 'browser', origin: server.url, token: server.owner.token } };
});
afterAll(() => server?.stop());

describe('the sites routes', () => {
  it('reads and writes the sites list and one site', () => {
    expect(parseHash(hrefFor({ screen: 'sites', org: 'o1' }))).toEqual({ screen: 'sites', org: 'o1' });
    expect(parseHash(hrefFor({ screen: 'site', org: 'o1', site: 's 1' }))).toEqual({ screen: 'site', org: 'o1', site: 's 1' });
    expect(parseHash('#/orgs/o1/sites/s1/extra')).toEqual({ screen: 'not-found', hash: '#/orgs/o1/sites/s1/extra' });
  });
});

describe('the sites list', () => {
  it('links each site and says whether it is published, to whom, with how many spaces', async () => {
    const site = await siteOver(['Guide'], 'Docs');
    const html = render(site.id, <SiteRows org="o1" sites={[site]} />);
    expect(html).toContain(`href="#/orgs/o1/sites/${site.id}"`);
    expect(html).toContain('Not published · Public · 1 space');
  });
});

describe('a site', () => {
  it('offers Publish, and the preview only once published, at urls.published', async () => {
    const site = await siteOver(['Intro']);
    expect(render(site.id, <SiteHeader org="o1" site={site} />)).not.toContain('Open preview');
    const live = ok(await server.owner.client.call('publishSite', { params: sitePath(site.id) }));
    const html = render(site.id, <SiteHeader org="o1" site={live} />);
    expect(html).toContain('Unpublish');
    expect(html).toContain(`href="${live.urls.published}" target="_blank"`);
    expect(html).toMatch(/<option value="public" selected="">Public<\/option>/);
    expect(html).toContain('Anyone can open it.');
  });

  it('shows root site spaces in order, the default and hidden ones marked, with keyboard moves', async () => {
    const site = await siteOver(['Alpha', 'Beta']);
    const beta = ok(await server.owner.client.call('listSiteSpaces', { params: sitePath(site.id), query: {} })).items[1]!;
    ok(await server.owner.client.call('updateSiteSpaceById', { params: { ...sitePath(site.id), siteSpaceId: beta.id }, body: { hidden: true } }));
    const html = render(site.id, <SiteStructureView structure={(await published(site.id)).structure} />);
    expect(html).toMatch(/Alpha.*\/alpha · Default.*Beta.*Hidden from navigation/s);
    expect(html).toMatch(/aria-label="Move Alpha up" disabled=""/);
    expect(html).toContain('Show Beta');
    expect(html).toContain('Make Beta the default');
  });

  it('shows sections inside their group, each with rename, delete and moves named for it', async () => {
    const site = await siteOver(['Alpha']);
    const second = await newSpace(server.owner, server.organizationId, { title: 'Gamma' });
    const section = ok(await server.owner.client.call('addSectionToSite', { params: sitePath(site.id), body: { spaceId: second.id } }));
    ok(await server.owner.client.call('addSectionGroupToSite', { params: sitePath(site.id), body: { title: 'Reference', sections: [section.id] } }));
    const { structure } = await published(site.id);
    const html = render(site.id, <SiteStructureView structure={structure} />);
    expect(html).toMatch(/data-kind="site-section".*Alpha.*data-kind="site-section-group".*Reference.*data-kind="site-section".*Gamma/s);
    for (const label of ['Rename section Gamma', 'Delete group Reference', 'Move group Reference up', 'Move section Alpha down']) expect(html).toContain(`aria-label="${label}"`);
    expect(html).toContain('Take Gamma out of the group');
    expect(html).toMatch(/Group for Alpha.*<option value="[^"]+" selected="">Reference<\/option>.*Put Alpha in the group/s);
    expect(sectionsIn(structure).map((item) => item.title)).toEqual(['Alpha', 'Gamma']);
    expect(groupsIn(structure).map((item) => item.title)).toEqual(['Reference']);
  });
});

describe('a step among siblings', () => {
  const structure = (ids: string[]): SiteStructure['structure'] =>
    ids.map((id) => ({ object: 'site-section-group', id, title: id, sections: [], children: [] }));

  it('goes before the previous sibling or after the next, and nowhere past either end', () => {
    const siblings = structure(['a', 'b', 'c']);
    expect(stepPosition(siblings, 1, 'up')).toEqual({ before: { type: 'site-section-group', id: 'a' } });
    expect(stepPosition(siblings, 1, 'down')).toEqual({ after: { type: 'site-section-group', id: 'c' } });
    expect(stepPosition(siblings, 0, 'up')).toBeUndefined();
    expect(stepPosition(siblings, 2, 'down')).toBeUndefined();
  });
});
