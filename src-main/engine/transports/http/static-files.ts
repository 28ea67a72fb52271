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

/** Where the build puts what it names by its content's hash (Vite's `assetsDir`): such a file never changes under its name. */
const HASHED = `${sep}assets${sep}`;

/**
 * Serves the built renderer. Unknown paths get index.html so the app's own routes
 * (e.g. /app/orgs/…) load on reload. Files named by their hash are cached by the browser for good
 * (and so their compiled code, V8's code cache) and read from the disk once; the rest, index.html
 * first, is asked for again each time, so that a new build is picked up at the next load.
 */
export function staticFiles(root: string): StaticFiles | undefined {
  if (!existsSync(join(root, 'index.html'))) return undefined;
  const hashed = new Map<string, Buffer>();
  return (path) => {
    const file = resolveInside(root, path);
    const kept = file === undefined ? undefined : hashed.get(file);
    const target = kept || (file && existsSync(file) && statSync(file).isFile()) ? file! : join(root, 'index.html');
    const immutable = target.startsWith(root + HASHED);
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (target.endsWith('.html')) headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
    const body = kept ?? readFileSync(target);
    if (immutable && !kept) hashed.set(target, body);
    return { status: 200, headers, body };
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
