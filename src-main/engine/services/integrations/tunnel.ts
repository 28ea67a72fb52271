import type { IntegrationEventStatus } from '../../../../src-shared/contract/integrations.js';
import { isLoopbackHost } from '../openapi-processing/fetch-source.js';
import type { Trace } from './trace.js';

/**
 * Why `url` cannot be a development tunnel, or undefined. A tunnel is the developer's own server
 * on this machine: Folio sends nothing to other hosts (docs/integrations.md, "Development mode").
 */
export function tunnelProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `a tunnel is an http or https address, not ${parsed.protocol}`;
  if (!isLoopbackHost(parsed.hostname)) return `${parsed.hostname} is not a loopback address; a development tunnel runs on this machine`;
  return undefined;
}

/** The origin a tunnel's requests go to, which the script's fetch may reach too. */
export function tunnelOrigin(url: string): string {
  return new URL(url).origin;
}

/**
 * Sends an event to the development tunnel as the body of a POST; a 2xx answer is a success. What
 * the tunnel answers (its first 2,000 characters) goes into the trace, as the script's logs would.
 */
export async function deliverToTunnel(
  url: string,
  event: unknown,
  limits: { timeMs: number; stop: AbortSignal },
  trace: Trace,
): Promise<IntegrationEventStatus> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(limits.timeMs), limits.stop]),
    });
    const answer = (await response.text()).slice(0, 2000);
    const ok = response.status >= 200 && response.status < 300;
    trace.add(ok ? 'info' : 'error', `Development tunnel ${url} answered ${response.status}${answer ? `: ${answer}` : ''}`);
    return ok ? 'success' : 'failed';
  } catch (error) {
    trace.add('error', `Development tunnel ${url} could not be reached: ${(error as Error).message}`);
    return 'failed';
  }
}
