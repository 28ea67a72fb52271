import type { ApiResponse } from '../../core/pipeline/request.js';
import type { PipelineDeps } from '../../core/pipeline/execute.js';
import { publishedStructure } from '../../domain/sites/published.js';
import { sitePath } from '../../domain/sites/published-urls.js';
import { placeOf } from './addresses.js';
import { isShown } from './conditions.js';
import { refusalHtml } from './refusal-html.js';
import { SiteRenderer, type SiteFile } from './site-renderer.js';
import { findPublishedSite } from './sql.js';
import { admitVisitor, parseCookies, type Admission, type SiteSecrets } from './visitor-access.js';

/** A visitor's request for a published site: no bearer token, maybe a key or token and cookies. */
export interface SiteRequest {
  method: string;
  pathname: string;
  query: Record<string, string[]>;
  cookie?: string;
}

const SITES = /^\/sites\/([A-Za-z0-9_-]+)(\/.*)?$/;

/** Pages are private to whoever was let in; scripts run only from the site's own files. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: http: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Serves a published site at `/sites/{siteId}/…` (its `urls.published`) to visitors, undefined
 * for other paths. The site row and the visitor's admission are read first (a JWT is checked
 * asynchronously), then the structure that visitor sees and the page, in one read snapshot.
 */
export function servePublishedSite(deps: PipelineDeps, request: SiteRequest): Promise<ApiResponse> | undefined {
  const match = SITES.exec(request.pathname);
  if (!match) return undefined;
  const [, siteId, rest = ''] = match;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return Promise.resolve(answer(405, 'text/plain; charset=utf-8', 'Method not allowed'));
  }
  if (rest === '') return Promise.resolve(redirect(`${sitePath(siteId!)}${search(request.query)}`));
  const site = deps.db.transaction(() => {
    deps.db.noticeExternalChanges();
    return findPublishedSite(deps.db, siteId!);
  }, 'read');
  if (!site) return Promise.resolve(refusal(404));
  return admitVisitor(site, { query: request.query, cookies: parseCookies(request.cookie) }).then((admission) => {
    if (admission.admitted) return pageFor(deps, site, admission, rest, request);
    return refusal(admission.status, admission.forget && expired(admission.forget, siteId!));
  });
}

type Admitted = Extract<Admission, { admitted: true }>;

/** What the site holds at `rest` for an admitted visitor; a page asked for without its final slash is redirected to it. */
function pageFor(deps: PipelineDeps, site: SiteSecrets & { id: string }, admission: Admitted, rest: string, request: SiteRequest): ApiResponse {
  const place = placeOf(rest);
  if (!place) return refusal(404);
  const file = deps.db.transaction(() => {
    // The site may have been unpublished, or its audience changed, while the token was checked.
    if (findPublishedSite(deps.db, site.id)?.visibility !== site.visibility) return undefined;
    const reader = { db: deps.db, urls: deps.urls, now: deps.clock.now().toISOString() };
    const published = publishedStructure(reader, site.id, admission.claims, isShown);
    if (!published) return undefined;
    const renderer = new SiteRenderer(deps.db, deps.docs, published, { style: 'served', noindex: site.visibility !== 'public' });
    return renderer.at(place);
  }, 'read');
  if (!file) return refusal(404);
  if (file.contentType.startsWith('text/html') && !rest.endsWith('/')) return redirect(`${request.pathname}/${search(request.query)}`);
  const cookie = admission.remember && `${admission.remember.name}=${admission.remember.value}; Path=${sitePath(site.id)}; HttpOnly; SameSite=Lax`;
  return served(file, site.visibility, cookie);
}

function served(file: SiteFile, visibility: string, cookie: string | undefined): ApiResponse {
  const response = answer(200, file.contentType, file.body);
  if (visibility !== 'public') response.headers['x-robots-tag'] = 'noindex';
  response.headers['cache-control'] = visibility === 'public' || visibility === 'unlisted' ? 'no-cache' : 'private, no-store';
  if (cookie) response.headers['set-cookie'] = cookie;
  return response;
}

function refusal(status: 401 | 404, cookie?: string): ApiResponse {
  const response = answer(status, 'text/html; charset=utf-8', refusalHtml(status));
  response.headers['x-robots-tag'] = 'noindex';
  if (cookie) response.headers['set-cookie'] = cookie;
  return response;
}

function expired(name: string, siteId: string): string {
  return `${name}=; Path=${sitePath(siteId)}; Max-Age=0; HttpOnly; SameSite=Lax`;
}

function redirect(location: string): ApiResponse {
  return { status: 301, headers: { location }, body: undefined };
}

function answer(status: number, contentType: string, body: string | Uint8Array): ApiResponse {
  return {
    status,
    headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff', 'content-security-policy': CONTENT_SECURITY_POLICY },
    body: typeof body === 'string' ? new Uint8Array(Buffer.from(body)) : body,
  };
}

function search(query: Record<string, string[]>): string {
  const params = new URLSearchParams();
  for (const [name, values] of Object.entries(query)) for (const value of values) params.append(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
