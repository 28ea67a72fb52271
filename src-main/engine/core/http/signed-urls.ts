import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signs what a URL grants, so that it opens without a bearer token (a browser following a PDF
 * link): `base64url(JSON claims).base64url(HMAC-SHA256)`. The key is random for each engine and
 * never leaves memory, so a restart invalidates every signed URL.
 */
export class UrlSigner {
  private readonly key = randomBytes(32);

  sign(claims: object): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The claims of a token this engine signed; undefined for anything else. */
  verify(token: string): unknown {
    const [payload, signature, extra] = token.split('.');
    if (payload === undefined || signature === undefined || extra !== undefined) return undefined;
    const expected = this.mac(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }
}
