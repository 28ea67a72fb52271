import { describe, expect, it } from 'vitest';
import type { RevisionPage } from '../../src-renderer/content/branch.js';
import { pageLinks } from '../../src-renderer/content/page-links.js';

const page = (id: string, title: string, pages: RevisionPage[] = [], type: 'document' | 'group' = 'document') =>
  ({ id, title, type, kind: type, pages }) as unknown as RevisionPage;

const PAGES = [
  page('setup', 'Setup', [page('linux', 'Install on Linux'), page('mac', 'Install on a Mac')]),
  page('guides', 'Guides', [page('install', 'Installing plugins'), page('tips', 'Linux tips')], 'group'),
  page('blank', ''),
];

describe('links to the pages of a branch', () => {
  const links = pageLinks(PAGES, (id) => `#/pages/${id}`);

  it('name a page by its titles from the top of the tree down', () => {
    expect(links.pageOf('linux')).toEqual({ id: 'linux', title: 'Install on Linux', path: 'Setup › Install on Linux' });
    expect(links.pageOf('blank')?.path).toBe('Untitled page');
    expect(links.pageOf('gone')).toBeUndefined();
    expect(links.hrefOf('linux')).toBe('#/pages/linux');
  });

  it('find documents by every word of the query in their path, those whose title starts with it first', () => {
    expect(links.find('install').map(({ id }) => id)).toEqual(['linux', 'mac', 'install']);
    expect(links.find('setup mac').map(({ id }) => id)).toEqual(['mac']);
    expect(links.find('LINUX').map(({ id }) => id)).toEqual(['tips', 'linux']);
    // Groups hold no content to link to.
    expect(links.find('guides').map(({ id }) => id)).toEqual(['install', 'tips']);
    expect(links.find('  ')).toEqual([]);
    expect(links.find('nothing like it')).toEqual([]);
  });
});

describe('links to the headings of a branch', () => {
  it("list the headings the branch's search finds, of pages in the tree, without the text before a page's first heading", async () => {
    const search = async (query: string) =>
      query === 'offline'
        ? undefined
        : [
            { id: 'linux', sections: [{ id: 'linux', title: 'Install on Linux', path: 'setup/linux' }, { id: 'h1', title: 'Troubleshooting', path: 'setup/linux#h1' }] },
            { id: 'gone', sections: [{ id: 'h2', title: 'Elsewhere', path: 'gone#h2' }] },
          ];
    const links = pageLinks(PAGES, (id) => `#/pages/${id}`, search);
    expect(await links.findHeadings!('trouble')).toEqual([{ page: links.pageOf('linux'), anchor: 'h1', heading: 'Troubleshooting' }]);
    expect(await links.findHeadings!('offline')).toBeUndefined();
    expect(pageLinks(PAGES, (id) => id).findHeadings).toBeUndefined();
  });
});
