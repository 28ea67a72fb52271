import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { markdownPage, publishedSite, spaceWithPages, textOf, visit } from './site-fixture.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

/** A guide: Welcome (the home), Install with a subpage, and a page linking to Install by reference. */
async function guide(title = 'Guide') {
  return spaceWithPages(t, title, [
    () => [
      markdownPage('Welcome', '---\ndescription: Start here\n---\n# Welcome\n\nHello **visitors**.'),
      markdownPage('Install', '## Steps\n\n```sh\nnpm install folio\n```\n\n{% hint style="warning" %}\nMind the version.\n{% endhint %}'),
    ],
    (ids) => [
      markdownPage('Linux', 'Use your package manager.', { into: ids[1] }),
      {
        operation: 'insert_page',
        title: 'See also',
        document: {
          document: {
            object: 'document',
            data: {},
            nodes: [
              {
                object: 'block',
                type: 'paragraph',
                data: {},
                nodes: [
                  { object: 'text', leaves: [{ object: 'leaf', text: 'Read ', marks: [] }] },
                  { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'page', page: ids[1]! } }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'the install guide', marks: [] }] }] },
                ],
              },
            ],
          },
        },
      },
    ],
  ]);
}

describe('a public site on the loopback server', () => {
  it('serves the space home at the site address, with title, description, navigation and stylesheet', async () => {
    const { spaceId } = await guide();
    const site = await publishedSite(t, [spaceId]);
    expect(site.urls.published).toBe(`${t.url}/sites/${site.id}/`);
    const response = await visit(site.urls.published!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-robots-tag')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<title>Welcome · Handbook</title>');
    expect(html).toContain('<meta name="description" content="Start here">');
    expect(html).not.toContain('noindex');
    expect(html).toContain('<h2 id="');
    expect(html).toContain('Hello <strong>visitors</strong>.');
    expect(html).toContain('<a href="./" aria-current="page">Welcome</a>');
    expect(html).toContain('<a href="install/">Install</a><ul><li><a href="install/linux/">Linux</a></li></ul>');
    const css = await visit(`${site.urls.published}~assets/site.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.site-header');
  });

  it('serves each page at its path, links between pages relative to it, and redirects to the trailing slash', async () => {
    const { spaceId } = await guide();
    const site = await publishedSite(t, [spaceId]);
    const moved = await visit(`${site.urls.published}install/linux`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/sites/${site.id}/install/linux/`);
    const linux = await (await visit(`${site.urls.published}install/linux/`)).text();
    expect(linux).toContain('<title>Linux · Handbook</title>');
    expect(linux).toContain('<a href="../../">Welcome</a>');
    expect(linux).toContain('<link rel="stylesheet" href="../../~assets/site.css">');
    const install = await (await visit(`${site.urls.published}install/`)).text();
    expect(install).toContain('<pre data-language="sh"><code class="language-sh">npm install folio</code></pre>');
    expect(install).toContain('<div class="hint hint-warning" role="note">');
    const seeAlso = await (await visit(`${site.urls.published}see-also/`)).text();
    expect(seeAlso).toContain('Read <a href="../install/">the install guide</a>');
    expect((await visit(`${site.urls.published}nothing-here/`)).status).toBe(404);
  });

  it('redirects the bare site address, answers only reads, and keeps pages to their own scripts', async () => {
    const { spaceId } = await guide();
    const site = await publishedSite(t, [spaceId]);
    const bare = await visit(`${t.url}/sites/${site.id}`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`/sites/${site.id}/`);
    expect((await fetch(site.urls.published!, { method: 'POST' })).status).toBe(405);
    const page = await visit(site.urls.published!);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('does not serve an unpublished site, nor an unknown one', async () => {
    const { spaceId } = await guide();
    const site = await publishedSite(t, [spaceId]);
    const url = site.urls.published!;
    expect((await visit(url)).status).toBe(200);
    ok(await t.owner.client.call('unpublishSite', { params: { organizationId: t.organizationId, siteId: site.id } }));
    const refused = await visit(url);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain('Not found');
    expect((await visit(`${t.url}/sites/nosuchsite/`)).status).toBe(404);
  });

  it('asks search engines not to index an unlisted site', async () => {
    const { spaceId } = await guide();
    const site = await publishedSite(t, [spaceId], 'unlisted');
    const response = await visit(site.urls.published!);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(await response.text()).toContain('<meta name="robots" content="noindex">');
  });

  it('serves the search index of the sections a visitor may read', async () => {
    const { spaceId } = await guide();
    const site = await publishedSite(t, [spaceId]);
    const script = await (await visit(`${site.urls.published}~assets/search-index.js`)).text();
    const entries = JSON.parse(script.replace(/^window\.folioSearch = /, '').replace(/;\s*$/, '')) as { title: string; heading: string; place: string[] }[];
    expect(entries).toContainEqual(expect.objectContaining({ title: 'Install', heading: 'Steps', place: ['install'] }));
    expect(entries).toContainEqual(expect.objectContaining({ title: 'Linux', place: ['install', 'linux'] }));
    expect(textOf(script)).toContain('Use your package manager.');
  });
});
