import { protocol } from 'electron';
import { staticFiles } from '../engine/transports/http/static-files.js';
import { APP_HOST, APP_SCHEME } from './app-origin.js';
import { CONTENT_SECURITY_POLICY } from './security.js';

/**
 * app:// is a standard, secure scheme, so the renderer gets a real origin of its own
 * instead of file://, where every local file would share one. Its scripts keep their compiled
 * code between starts (V8's code cache, on for http(s) only unless asked): the app's JavaScript
 * is not compiled again at every start. Call before `ready`.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, codeCache: true } }]);
}

/** Serves the built renderer under app://folio/ with the shell's own CSP. */
export function serveRenderer(root: string): void {
  const serve = staticFiles(root);
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? serve?.(url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    const headers = new Headers(file.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    return new Response(new Uint8Array(file.body), { status: file.status, headers });
  });
}
