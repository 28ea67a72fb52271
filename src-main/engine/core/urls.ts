import { UrlSigner } from './http/signed-urls.js';

/**
 * Builds the `urls` of resources. The origin is the loopback address the engine is served on;
 * the app paths are the renderer's routes.
 */
export class Urls {
  /** Signs URLs that open without a token (a PDF's); one key per engine. */
  readonly signer = new UrlSigner();

  constructor(public origin: string) {}

  api(path: string): string {
    return `${this.origin}/v1${path}`;
  }

  app(path: string): string {
    return `${this.origin}/app${path}`;
  }
}
