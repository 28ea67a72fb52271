import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sandboxEntry, type SandboxProgram } from '../../src-main/engine/services/integrations/sandbox-program.js';
import { utilityProcessLauncher, type UtilityFork } from '../../src-main/electron/sandbox-launcher.js';
import { lastTrace } from '../engine/api/integrations/fixtures.js';
import { messages, onSetup, startScript } from '../engine/services/integrations/script-runs.js';
import { TestServer } from '../support/server.js';

/**
 * The desktop app starts integration scripts' processes with Electron's utilityProcess (so that
 * the RunAsNode fuse can be off). Electron cannot run here: its `fork` is stood in for by Node's,
 * with `process.parentPort` given to the child as Electron gives it (children/parent-port.mjs),
 * so that the launcher and the child's parentPort path run for real, QuickJS and all.
 */
const PARENT_PORT = pathToFileURL(join(import.meta.dirname, 'children', 'parent-port.mjs')).href;

const utilityForkOnNode: UtilityFork = (modulePath, args, options) => {
  const child = fork(modulePath, args, {
    execArgv: ['--import', PARENT_PORT, ...(options.execArgv ?? [])],
    env: { ...options.env },
    cwd: options.cwd,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const events = new EventEmitter();
  // Held until the child listens, as Electron holds a port's messages.
  let held: unknown[] | undefined = [];
  child.on('spawn', () => events.emit('spawn'));
  child.on('message', (message) => {
    if (!(message as { parentPortReady?: boolean }).parentPortReady) return void events.emit('message', message);
    for (const queued of held ?? []) child.send(queued as object);
    held = undefined;
  });
  // Electron reports an exit code only: a signal's, as a shell would.
  child.on('exit', (code, signal) => events.emit('exit', code ?? (signal ? 128 + 9 : 0)));
  return Object.assign(events, {
    postMessage: (message: unknown) => {
      if (held) held.push(message);
      else if (child.connected) child.send(message as object);
    },
    kill: () => child.kill('SIGTERM'),
    stderr: child.stderr,
  }) as unknown as ReturnType<UtilityFork>;
};

const program = (entry = sandboxEntry()): SandboxProgram => ({ entry, execArgv: [], env: {}, launch: utilityProcessLauncher(utilityForkOnNode) });

let t: TestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

describe('integration scripts in utility processes', () => {
  it('run, log and answer through parentPort', async () => {
    t = await TestServer.start({ integrations: { program: program(), timeMs: 20_000 } });
    const name = await startScript(t, onSetup("console.log('hello from a utility process');"));
    const { event, trace } = await lastTrace(t, name);
    expect(event.status).toBe('success');
    expect(messages(trace.logs)).toContain('hello from a utility process');
  });

  it('fail with the script’s error', async () => {
    t = await TestServer.start({ integrations: { program: program(), timeMs: 20_000 } });
    const name = await startScript(t, onSetup("throw new Error('no such thing');"));
    const { event, trace } = await lastTrace(t, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toContain('no such thing');
  });

  it('fail, saying how, when the program is missing', async () => {
    t = await TestServer.start({ integrations: { program: program(join(import.meta.dirname, 'children', 'no-such-child.mjs')), timeMs: 20_000 } });
    const name = await startScript(t, onSetup("console.log('never runs');"));
    const { event, trace } = await lastTrace(t, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toMatch(/^The script's process ended before it answered \(exit code 1\)/);
  });
});

describe('the packaged binary', () => {
  const ROOT = resolve(import.meta.dirname, '../..');

  it('has its fuses set: no running as Node, no NODE_OPTIONS or --inspect, cookies encrypted, the app only from its checked asar', () => {
    const builder = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as { electronFuses?: Record<string, boolean> };
    expect(builder.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('is never asked to run as Node by the app', () => {
    const sources = readdirSync(join(ROOT, 'src-main'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.(ts|mjs)$/.test(file));
    const asking = sources.filter((file) => readFileSync(join(ROOT, 'src-main', file), 'utf8').includes('ELECTRON_RUN_AS_NODE'));
    expect(asking).toEqual([]);
  });
});
