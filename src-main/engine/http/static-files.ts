import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

// Images of the web load over https only (a page's pictures by address; docs/decisions.md); the engine's own files come as blob: URLs.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export interface StaticFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type StaticFiles = (path: string) => StaticFile | undefined;

/**
 * Serves the built renderer. Unknown paths get index.html so the app's own routes
 * (e.g. /app/orgs/…) load on reload.
 */
export function staticFiles(root: string): StaticFiles | undefined {
  if (!existsSync(join(root, 'index.html'))) return undefined;
  return (path) => {
    const file = resolveInside(root, path);
    const target = file && existsSync(file) && statSync(file).isFile() ? file : join(root, 'index.html');
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
    };
    if (target.endsWith('.html')) headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
    return { status: 200, headers, body: readFileSync(target) };
  };
}

function resolveInside(root: string, path: string): string | undefined {
  try {
    const file = normalize(join(root, decodeURIComponent(path)));
    return file.startsWith(root + sep) ? file : undefined;
  } catch {
    return undefined;
  }
}
