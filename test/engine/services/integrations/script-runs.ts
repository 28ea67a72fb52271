import { expect } from 'vitest';
import type { TestServer } from '../../../support/server.js';
import { install, lastTrace, publish } from '../../api/integrations/fixtures.js';

/** A script whose `installation_setup` listener runs `body` (async: it may await). */
export const onSetup = (body: string) => `addEventListener('installation_setup', async (event, context) => { ${body} });`;

export const messages = (logs: { message: string }[]) => logs.map((log) => log.message).join('\n');

let count = 0;

/** Publishes `script` under a fresh name and installs it: its event is queued when this answers. */
export async function startScript(t: TestServer, script: string, prefix = 'script'): Promise<string> {
  const name = `${prefix}-${++count}`;
  await publish(t, name, { script });
  await install(t, name);
  return name;
}

/** The outcome of `script`'s event once it has run. */
export async function runScript(t: TestServer, script: string) {
  return lastTrace(t, await startScript(t, script));
}

/** The engine answers a request on its own thread. */
export async function expectEngineHealthy(t: TestServer): Promise<void> {
  const me = await t.owner.client.call('getAuthenticatedUser', { params: undefined });
  expect(me.status).toBe(200);
}

/**
 * Asks `GET /v1/user` again and again until every event asked for so far has run: the engine
 * must answer each while scripts run. Answers how many requests were answered.
 */
export async function expectEngineAnswersThroughout(t: TestServer): Promise<number> {
  let idle = false;
  const settled = t.engine.integrations.whenIdle().then(() => (idle = true));
  let answered = 0;
  while (!idle) {
    await expectEngineHealthy(t);
    answered++;
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 20))]);
  }
  return answered;
}
