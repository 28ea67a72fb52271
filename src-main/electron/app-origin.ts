export const APP_SCHEME = 'app';
export const APP_HOST = 'folio';

/**
 * Where the renderer lives: the built files under app://folio/, or electron-vite's dev
 * server while developing. Only pages from there may navigate the app or call the engine.
 */
export class AppOrigin {
  readonly entryUrl: string;

  constructor(devServerUrl?: string) {
    this.entryUrl = devServerUrl ?? `${APP_SCHEME}://${APP_HOST}/index.html`;
  }

  // Compared by scheme and host: WHATWG gives custom schemes an opaque "null" origin.
  owns(url: string): boolean {
    const own = new URL(this.entryUrl);
    try {
      const other = new URL(url);
      return other.protocol === own.protocol && other.host === own.host;
    } catch {
      return false;
    }
  }
}
