import { ContentReferenceStatus } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';

/** The public client of the service our API follows, pointed at a Folio engine: templates, search and links. */
const test = officialClientServer();

describe('@gitbook/api search, links and template calls against Folio', () => {
  it('applies a template, finds its pages, and lists their links', async () => {
    const { t, api } = test;
    const space = await api.orgs.createSpace(t.organizationId, { title: 'Docs' });
    const applied = await api.spaces.applyTemplateToSpace(space.data.id, { id: 'api-reference-skeleton' });
    expect(applied.status).toBe(201);

    const found = await api.spaces.searchSpaceContent(space.data.id, { query: 'bearer tok' });
    expect(found.data.items.map((page) => page.title)).toEqual(['Authentication']);
    expect(found.data.items[0]!.sections![0]!.body).toContain('Bearer');

    const inOrg = await api.orgs.searchOrganizationContent(t.organizationId, { query: 'pagination' });
    expect(inOrg.data.items.map((result) => result.id)).toEqual([space.data.id]);

    const pages = await api.spaces.listPages(space.data.id);
    const pageId = pages.data.pages[0]!.id;
    const links = await api.spaces.listPageLinksInSpace(space.data.id, pageId);
    expect(links.data).toMatchObject({ items: [], stats: { total: 0, broken: { total: 0 } } });
    const all = await api.spaces.listSpaceLinks(space.data.id, { status: ContentReferenceStatus.Broken });
    expect(all.data.items).toEqual([]);
  });
});
