import type { Secret } from './sql.js';

/** Which repositories this engine may reach (docs/git-sync.md, "Repositories"). */
export interface RemotePolicy {
  /** `serve --allow-local-git`: file:// repositories for every member, not only the data dir's owner. */
  allowLocal: boolean;
  /** `serve --allow-remote-git`: http(s) hosts other than loopback. */
  allowRemote: boolean;
}

export interface Remote {
  /** The address git is given: no credentials in it. */
  url: string;
  transport: 'file' | 'http';
  /** From the address's user part, when it had one. */
  secret?: Secret;
}

export type RemoteCheck = { ok: true; remote: Remote } | { ok: false; message: string };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Checks a repository address against the policy: file:// (for the data dir's owner, or anyone
 * with `allowLocal`), http(s) on loopback, and other hosts only with `allowRemote`. Other
 * transports (ssh, git, ext) are refused. Credentials in the address come out apart, so that
 * they never reach a command line, a log or an error message.
 */
export function checkRemote(address: string, policy: RemotePolicy, isOwner: boolean): RemoteCheck {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, message: 'url: not an address (file:///path/to/repo or http(s)://host/repo)' };
  }
  if (url.protocol === 'file:') {
    if (!isOwner && !policy.allowLocal) return { ok: false, message: 'url: file:// repositories are for the owner of this data dir, or a server started with --allow-local-git' };
    if (url.host !== '' || url.search || url.hash) return { ok: false, message: 'url: a file:// address names a local path only' };
    return { ok: true, remote: { url: `file://${url.pathname}`, transport: 'file' } };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: `url: ${url.protocol.replace(':', '')} repositories are not supported (file, http and https are)` };
  if (!LOOPBACK.test(url.hostname) && !policy.allowRemote) {
    return { ok: false, message: `url: ${url.hostname} is not on this machine; start the server with --allow-remote-git to reach other hosts` };
  }
  const secret = url.username || url.password ? { username: decodeURIComponent(url.username) || null, password: decodeURIComponent(url.password) } : undefined;
  url.username = '';
  url.password = '';
  return { ok: true, remote: { url: url.toString(), transport: 'http', ...(secret ? { secret } : {}) } };
}

/** git's configuration, through the environment (never the command line), that sends the credentials. */
export function credentialEnvironment(secret: Secret | undefined): Record<string, string> {
  if (!secret) return {};
  const basic = Buffer.from(`${secret.username ?? 'x-access-token'}:${secret.password}`).toString('base64');
  return { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` };
}

/** `refs/heads/main` for `main`; a full ref stays as it is. */
export const fullRef = (ref: string) => (ref.startsWith('refs/') ? ref : `refs/heads/${ref}`);
