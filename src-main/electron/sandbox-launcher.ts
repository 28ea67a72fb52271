import type { ForkOptions, UtilityProcess } from 'electron';
import type { SandboxLauncher } from '../engine/services/integrations/sandbox-program.js';

/** What the launcher uses of Electron's `utilityProcess.fork` (a test gives one built on Node's fork). */
export type UtilityFork = (
  modulePath: string,
  args: string[],
  options: ForkOptions,
) => Pick<UtilityProcess, 'on' | 'postMessage' | 'kill' | 'stderr'>;

/**
 * Integration scripts' processes in the desktop app: Electron's utility processes, which run
 * Electron's Node without making Electron itself a Node, so the RunAsNode fuse can stay off
 * (electron-builder.yml). The program (`sandbox-child.mjs`) talks over `process.parentPort`
 * there; Electron ends these processes with the app.
 */
export function utilityProcessLauncher(fork: UtilityFork): SandboxLauncher {
  return (entry, { execArgv, env, cwd }) => {
    const child = fork(entry, [], { execArgv, env, cwd, stdio: ['ignore', 'ignore', 'pipe'], serviceName: 'Folio integration script' });
    let spawned = false;
    let running = true;
    child.on('spawn', () => (spawned = true));
    child.on('exit', () => (running = false));
    return {
      stderr: child.stderr,
      send: (message) => {
        if (running) child.postMessage(message);
      },
      onMessage: (listener) => child.on('message', listener),
      onError: (listener) => child.on('error', (type, location) => listener(new Error(`${type} at ${location}`), spawned)),
      onExit: (listener) => child.on('exit', () => listener()),
      // A utility process's messages come before its exit.
      onEnd: (listener) => child.on('exit', (code) => listener(`exit code ${code}`)),
      kill: () => {
        if (running) child.kill();
      },
    };
  };
}
