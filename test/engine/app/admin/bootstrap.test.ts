import { afterEach, describe, expect, it } from 'vitest';
import { WELCOME_SPACE_TITLE } from '../../../../src-main/engine/app/admin/bootstrap.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { mainPages, outline } from '../../api/content/fixture.js';

/** First start on an empty data dir (admin/bootstrap.ts), read back through the API. */
describe('first start', () => {
  let server: TestServer;
  afterEach(() => server.stop());

  it('names the first organization after the person, and builds the welcome space from the welcome template', async () => {
    server = await TestServer.start({}, { welcome: true, name: 'Ada Lovelace' });
    const organizations = ok(await server.owner.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items;
    expect(organizations.map((organization) => organization.title)).toEqual(["Ada Lovelace's docs"]);
    const spaces = ok(await server.owner.client.call('listSpacesInOrganizationById', { params: { organizationId: server.organizationId } })).items;
    expect(spaces.map((space) => space.title)).toEqual([WELCOME_SPACE_TITLE]);
    expect(outline(await mainPages(server.owner, spaces[0]!.id))).toBe('Getting started Writing Reviewing & merging Sync');
    const page = ok(await server.owner.client.call('getPageByPath', { params: { spaceId: spaces[0]!.id, pagePath: 'writing' }, query: { format: 'markdown' } }));
    expect('markdown' in page ? page.markdown : '').toContain('## Make a change');
  });

  it('takes the organization title given, and starts without a welcome space unless asked', async () => {
    server = await TestServer.start({}, { name: 'Grace', organization: 'Compilers' });
    const organizations = ok(await server.owner.client.call('listOrganizationsForAuthenticatedUser', { params: undefined })).items;
    expect(organizations.map((organization) => organization.title)).toEqual(['Compilers']);
    expect(ok(await server.owner.client.call('listSpacesInOrganizationById', { params: { organizationId: server.organizationId } })).items).toEqual([]);
  });
});
