import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';
import { writeMainPages } from '../../domain/content/main-writer.js';
import { created, spaceWithChangeRequest, write } from './fixture.js';

const test = officialClientServer();

describe('@gitbook/api content calls against Folio', () => {
  it('reads a space and a change request: revision, nested pages, a page in both formats, files', async () => {
    const { api, t } = test;
    const target = await spaceWithChangeRequest(t);
    writeMainPages(t.engine, target.spaceId, [{ id: 'mainPage', title: 'Welcome', markdown: '# Welcome\n\nHello.\n' }]);
    const [guide] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Read me.\n' } }]);
    await created(t.owner, target, [{ operation: 'insert_page', into: guide, title: 'Setup', document: {} }]);
    await write(t.owner, target, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }]);

    const revision = await api.spaces.getCurrentRevision(target.spaceId);
    expect(revision.data.pages.map((page) => page.title)).toEqual(['Welcome']);
    const main = await api.spaces.getPageById(target.spaceId, 'mainPage', { format: 'markdown' });
    expect(main.data).toMatchObject({ title: 'Welcome', path: 'welcome' });

    const pages = await api.spaces.listPagesInChangeRequest(target.spaceId, target.changeRequestId);
    const nested = pages.data.pages.find((page) => page.title === 'Guide');
    expect(nested && 'pages' in nested && nested.pages.map((page) => ('path' in page ? page.path : undefined))).toEqual(['guide/setup']);
    const page = await api.spaces.getPageInChangeRequestById(target.spaceId, target.changeRequestId, guide!, { format: 'document' });
    expect(page.data).toMatchObject({ type: 'document', title: 'Guide', document: { object: 'document' } });
    const crRevision = await api.spaces.getRevisionOfChangeRequestById(target.spaceId, target.changeRequestId);
    expect(crRevision.data.files.map((file) => file.name)).toEqual(['a.txt']);
    const files = await api.spaces.listFilesInChangeRequestById(target.spaceId, target.changeRequestId);
    const download = await fetch(files.data.items[0]!.downloadURL, { headers: { authorization: `Bearer ${t.owner.token}` } });
    expect(await download.text()).toBe('hi');
  });
});
