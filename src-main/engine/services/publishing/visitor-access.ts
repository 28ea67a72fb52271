import { timingSafeEqual } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { VisitorClaims } from './conditions.js';

/** What deciding a visitor's admission needs of a site. */
export interface SiteSecrets {
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
  share_key: string;
  visitor_auth_key: string;
}

export interface VisitorCredentials {
  query: Record<string, string[]>;
  cookies: ReadonlyMap<string, string>;
}

/**
 * Admitted with the claims conditions are decided on (only a visitor-auth site's visitors have
 * any; without claims a visitor sees what `GET …/published` answers), and the cookie that keeps the key or token once it came in the address; or refused:
 * 404 for a share-link address without the right key (the site is not there for them), 401 for a
 * visitor-auth site without a valid token.
 */
export type Admission =
  | { admitted: true; claims?: VisitorClaims; remember?: { name: string; value: string } }
  | { admitted: false; status: 401 | 404; forget?: string };

export const SHARE_COOKIE = 'folio-share';
export const VISITOR_COOKIE = 'folio-visitor';
export const SHARE_PARAMETER = 'shareKey';
export const TOKEN_PARAMETER = 'jwt_token';

export async function admitVisitor(site: SiteSecrets, credentials: VisitorCredentials): Promise<Admission> {
  if (site.visibility === 'share-link') return admitWithKey(site, credentials);
  if (site.visibility === 'visitor-auth') return admitWithToken(site, credentials);
  return { admitted: true };
}

function admitWithKey(site: SiteSecrets, { query, cookies }: VisitorCredentials): Admission {
  const given = query[SHARE_PARAMETER]?.[0];
  const key = given ?? cookies.get(SHARE_COOKIE);
  if (key === undefined || !sameSecret(key, site.share_key)) {
    return { admitted: false, status: 404, ...(given === undefined && key !== undefined ? { forget: SHARE_COOKIE } : {}) };
  }
  return { admitted: true, ...(given !== undefined ? { remember: { name: SHARE_COOKIE, value: given } } : {}) };
}

/** The token is an HS256 JWT signed with the site's visitor key (its UTF-8 bytes); its payload holds the claims. */
async function admitWithToken(site: SiteSecrets, { query, cookies }: VisitorCredentials): Promise<Admission> {
  const given = query[TOKEN_PARAMETER]?.[0];
  const token = given ?? cookies.get(VISITOR_COOKIE);
  if (token === undefined) return { admitted: false, status: 401 };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(site.visitor_auth_key), { algorithms: ['HS256'] });
    return { admitted: true, claims: payload as VisitorClaims, ...(given !== undefined ? { remember: { name: VISITOR_COOKIE, value: given } } : {}) };
  } catch {
    return { admitted: false, status: 401, ...(given === undefined ? { forget: VISITOR_COOKIE } : {}) };
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The `Cookie` header as a map; later values of a name do not replace the first. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}
