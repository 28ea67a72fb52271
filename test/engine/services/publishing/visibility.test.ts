import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { markdownPage, publishedSite, spaceWithPages, visit, visitorKey, visitorToken } from './site-fixture.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

const secretPage = () => spaceWithPages(t, 'Internal', [() => [markdownPage('Secret plans', 'Only for *insiders*.')]]);

/** The cookie a response sets, as the browser sends it back. */
function cookieOf(response: Response): string {
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

describe('a share-link site', () => {
  it('admits the key its address carries, keeps it in a cookie for the site, and refuses anyone else with 404', async () => {
    const { spaceId } = await secretPage();
    const site = await publishedSite(t, [spaceId], 'share-link');
    const address = site.urls.published!;
    expect(address).toMatch(/\?shareKey=/);
    const root = address.split('?')[0]!;
    expect((await visit(root)).status).toBe(404);
    expect((await visit(`${root}?shareKey=wrong`)).status).toBe(404);
    const admitted = await visit(address);
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get('x-robots-tag')).toBe('noindex');
    expect(admitted.headers.get('cache-control')).toBe('private, no-store');
    expect(admitted.headers.get('set-cookie')).toBe(`folio-share=${new URL(address).searchParams.get('shareKey')}; Path=/sites/${site.id}/; HttpOnly; SameSite=Lax`);
    expect(await admitted.text()).toContain('Only for <em>insiders</em>.');
    expect((await visit(`${root}~assets/site.css`, { cookie: cookieOf(admitted) })).status).toBe(200);
    const forgotten = await visit(root, { cookie: 'folio-share=stale' });
    expect(forgotten.status).toBe(404);
    expect(forgotten.headers.get('set-cookie')).toMatch(/^folio-share=; Path=\/sites\/\w+\/; Max-Age=0/);
  });

  it('lets the API answer the published structure to the same key', async () => {
    const { spaceId } = await secretPage();
    const site = await publishedSite(t, [spaceId], 'share-link');
    const shareKey = new URL(site.urls.published!).searchParams.get('shareKey')!;
    const outsider = t.user();
    const published = ok(await outsider.client.call('getPublishedContentSite', { params: { organizationId: t.organizationId, siteId: site.id }, query: { shareKey } }));
    expect(published.site.id).toBe(site.id);
  });
});

describe('a visitor-auth site', () => {
  it('admits a valid token from the address, then from the cookie it leaves', async () => {
    const { spaceId } = await secretPage();
    const site = await publishedSite(t, [spaceId], 'visitor-auth');
    const root = site.urls.published!;
    const jwt = await visitorToken(await visitorKey(t, site.id), { plan: 'pro' });
    const admitted = await visit(`${root}?jwt_token=${jwt}`);
    expect(admitted.status).toBe(200);
    expect(await admitted.text()).toContain('Secret plans');
    expect(admitted.headers.get('set-cookie')).toBe(`folio-visitor=${jwt}; Path=/sites/${site.id}/; HttpOnly; SameSite=Lax`);
    const again = await visit(`${root}secret-plans/`, { cookie: cookieOf(admitted) });
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a visitor without a token, with an expired one, or one signed with another key', async () => {
    const { spaceId } = await secretPage();
    const site = await publishedSite(t, [spaceId], 'visitor-auth');
    const root = site.urls.published!;
    const missing = await visit(root);
    expect(missing.status).toBe(401);
    expect(await missing.text()).toContain('Sign-in required');
    const expired = await visitorToken(await visitorKey(t, site.id), {}, Math.floor(Date.now() / 1000) - 60);
    expect((await visit(`${root}?jwt_token=${expired}`)).status).toBe(401);
    const forged = await visitorToken('not the site key at all, but long enough', {});
    expect((await visit(`${root}?jwt_token=${forged}`)).status).toBe(401);
    expect((await visit(`${root}?jwt_token=not.a.jwt`)).status).toBe(401);
    const stale = await visit(root, { cookie: `folio-visitor=${forged}` });
    expect(stale.status).toBe(401);
    expect(stale.headers.get('set-cookie')).toMatch(/^folio-visitor=; Path=\/sites\/\w+\/; Max-Age=0/);
  });

  it('stops admitting tokens signed with a key the administrator regenerated', async () => {
    const { spaceId } = await secretPage();
    const site = await publishedSite(t, [spaceId], 'visitor-auth');
    const before = await visitorKey(t, site.id);
    const jwt = await visitorToken(before, {});
    expect((await visit(`${site.urls.published!}?jwt_token=${jwt}`)).status).toBe(200);
    const params = { organizationId: t.organizationId, siteId: site.id };
    const regenerated = await t.owner.client.call('regenerateSitePublishingAuthById', { params });
    expect(regenerated.ok && regenerated.data).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
    const after = await visitorKey(t, site.id);
    expect(after).not.toBe(before);
    expect((await visit(`${site.urls.published!}?jwt_token=${jwt}`)).status).toBe(401);
    expect((await visit(`${site.urls.published!}?jwt_token=${await visitorToken(after, {})}`)).status).toBe(200);
  });
});
