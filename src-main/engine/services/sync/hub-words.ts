import type { IncomingMessage } from 'node:http';

/**
 * What went wrong with a hub, in words a person can act on (docs/sync.md, "Settings, status,
 * serve"): the settings check and the worker's `lastProblem` say the same things. `field` names
 * the setting to change; `lasting` marks a refusal that trying again will not cure.
 */
export interface HubProblem {
  field: 'url' | 'token';
  problem: string;
  lasting: boolean;
  /** Nothing answered at the address (as opposed to something that answered wrongly). */
  unanswered?: true;
}

/** The socket could not be opened: nothing listens, the name is unknown, the network is down. */
export function unreachable(url: string, error: Error & { code?: string }): HubProblem {
  const why: Record<string, string> = {
    ECONNREFUSED: 'nothing listens there',
    ENOTFOUND: 'its host name is unknown',
    EAI_AGAIN: 'its host name could not be looked up',
    ETIMEDOUT: 'it did not answer in time',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'its host cannot be reached',
    ENETUNREACH: 'the network cannot be reached',
  };
  const reason = (error.code && why[error.code]) ?? (/timed out|timeout/i.test(error.message) ? 'it did not answer in time' : error.message);
  return { field: 'url', problem: `No hub answers at ${url}: ${reason}`, lasting: false, unanswered: true };
}

/** The server answered the upgrade with an HTTP status instead of a WebSocket. */
export function refusedUpgrade(url: string, status: number, message: string | undefined): HubProblem {
  const detail = message ? ` (${message})` : '';
  if (status === 401) return { field: 'token', problem: `The hub refused this token${detail}`, lasting: true };
  if (status === 403) return { field: 'url', problem: `The hub refused this connection${detail}`, lasting: true };
  // A hub process on PostgreSQL that cannot reach its database (docs/hub.md): another process, or later.
  if (status === 503) return { field: 'url', problem: `The hub at ${url} cannot serve for now${detail}; trying again`, lasting: false };
  return { field: 'url', problem: `This is not a Folio hub: ${url} answered HTTP ${status}${detail}`, lasting: false };
}

export function notAHub(url: string, why: string): HubProblem {
  return { field: 'url', problem: `This is not a Folio hub: ${url} ${why}`, lasting: false };
}

/** The error message of an API error body, if the answer carries one (at most 4 KB read). */
export function errorMessageOf(res: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 4096) chunks.push(chunk);
    });
    res.on('error', () => resolve(undefined));
    res.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { message?: unknown } };
        resolve(typeof body.error?.message === 'string' ? body.error.message.slice(0, 200) : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
}

/** Why a connection that was open ended, from its close code (RFC 6455) and reason. */
export function closedWords(code: number, reason: string): string | undefined {
  if (code === 1000) return undefined;
  if (code === 1001) return 'The hub is shutting down; this device will reconnect when it is back';
  if (code === 1007) return `The hub did not understand what this device sent${reason ? ` (${reason})` : ''}; trying again`;
  if (code === 1011) return 'The hub failed on what this device sent; trying again';
  if (code === 1013) return `The hub could not take what this device sent for now${reason ? ` (${reason})` : ''}; trying again`;
  if (code === 1006) return 'The connection to the hub was lost; trying again';
  return `The hub closed the connection (${code}${reason ? `: ${reason}` : ''}); trying again`;
}
