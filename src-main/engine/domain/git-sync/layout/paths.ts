import { posix } from 'node:path';

/**
 * Paths inside a repository: `/`-separated, relative to its top, never `..` above it. A path
 * that would leave the repository is undefined, so a link or a setting cannot reach outside.
 */
export function normalPath(path: string): string | undefined {
  if (path.includes('\0') || path.includes('\\')) return undefined;
  const normal = posix.normalize(path.replace(/^\/+/, '')).replace(/\/+$/, '');
  if (normal === '.' || normal === '') return '';
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal;
}

/** `target` (as written in a file at `from`) as a repository path; undefined when it leaves the repository. */
export function resolveFrom(from: string, target: string): string | undefined {
  if (target.startsWith('/')) return normalPath(target);
  return normalPath(posix.join(posix.dirname(from), target));
}

/** The relative address of `to` from a file at `from`, as Markdown links write it. */
export function relativeFrom(from: string, to: string): string {
  const relative = posix.relative(posix.dirname(from), to);
  return relative === '' ? posix.basename(to) : relative;
}

/** `root` joined with `path`, both repository paths. */
export const within = (root: string, path: string) => (root ? `${root}/${path}` : path);

/** `path` relative to `root`, or undefined when it lies outside. */
export function under(root: string, path: string): string | undefined {
  if (!root) return path;
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
}

export const isMarkdown = (path: string) => /\.md$/i.test(path);

/** Percent-escapes a path for a Markdown link (spaces and the characters Markdown links reserve). */
export function linkPath(path: string): string {
  return path.split('/').map((part) => encodeURIComponent(part).replace(/%2B/g, '+').replace(/%40/g, '@')).join('/');
}

/** A link's address back to a path: percent-escapes decoded where they decode. */
export function pathOfLink(address: string): string {
  try {
    return decodeURIComponent(address);
  } catch {
    return address;
  }
}
