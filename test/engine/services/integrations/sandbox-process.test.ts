import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forkLauncher, nodeSandboxProgram, type SandboxProgram } from '../../../../src-main/engine/services/integrations/sandbox-program.js';
import { TestServer } from '../../../support/server.js';
import { lastTrace } from '../../api/integrations/fixtures.js';
import { expectEngineAnswersThroughout, expectEngineHealthy, messages, onSetup, startScript } from './script-runs.js';

/**
 * The process a script runs in: what it has in reach, and what becomes of an event when that
 * process cannot start or dies (docs/integrations.md, "When the process fails").
 */
const child = (name: string) => join(import.meta.dirname, 'children', name);
let t: TestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

async function engineWith(program: SandboxProgram): Promise<TestServer> {
  t = await TestServer.start({ integrations: { program, timeMs: 20_000 } });
  return t;
}

describe('what the process has in reach', () => {
  it('an empty environment, a temporary directory removed afterwards; under Node, no reading the data dir or its own directory, writing or starting processes', async () => {
    const server = await engineWith(nodeSandboxProgram(child('inspecting-child.mjs')));
    // The inspecting child tries to read the file its run's script names: the owner's token.
    const name = await startScript(server, join(server.dataDir, 'token'));
    const { event, trace } = await lastTrace(server, name);
    expect(event.status).toBe('success');
    const report = JSON.parse(trace.logs[0]!.message) as Record<string, unknown>;
    expect(report).toMatchObject({ env: [], list: 'ERR_ACCESS_DENIED', read: 'ERR_ACCESS_DENIED', write: 'ERR_ACCESS_DENIED', spawn: 'ERR_ACCESS_DENIED' });
    expect(report.cwd).toMatch(new RegExp(`^${join(tmpdir(), 'folio-script-')}`));
    expect(existsSync(report.cwd as string)).toBe(false);
  });
});

describe('when the process fails, the event fails with the reason', () => {
  it('a runtime that cannot be started', async () => {
    const server = await engineWith({ ...nodeSandboxProgram(), launch: forkLauncher(join(tmpdir(), 'no-such-node')) });
    const name = await startScript(server, onSetup("console.log('never runs');"));
    const { event, trace } = await lastTrace(server, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toMatch(/^The script's process could not be started: spawn .*no-such-node ENOENT$/);
    await expectEngineHealthy(server);
  });

  it('a program that is missing', async () => {
    const server = await engineWith({ ...nodeSandboxProgram(), entry: child('no-such-child.mjs') });
    const name = await startScript(server, onSetup("console.log('never runs');"));
    const { event, trace } = await lastTrace(server, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toMatch(/^The script's process ended before it answered \(exit code 1\)/);
  });

  it('a process that dies mid-run keeps what it logged', async () => {
    const server = await engineWith(nodeSandboxProgram(child('crashing-child.mjs')));
    const name = await startScript(server, onSetup("console.log('never runs');"));
    await expectEngineAnswersThroughout(server);
    const { event, trace } = await lastTrace(server, name);
    expect(event.status).toBe('failed');
    expect(trace.logs.map((log) => log.message)).toEqual(['about to crash', "The script's process ended before it answered (killed by SIGKILL)"]);
  });
});
