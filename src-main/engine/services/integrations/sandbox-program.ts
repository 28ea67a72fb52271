import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** An integration run's process as the run sees it, however it was started. */
export interface SandboxProcess {
  /** Its standard error, kept to explain a crash. */
  readonly stderr: NodeJS.ReadableStream | null;
  /** Sends a message, unless the process has gone. */
  send(message: object): void;
  onMessage(listener: (message: unknown) => void): void;
  /** It could not start (`started` false) or failed. */
  onError(listener: (error: Error, started: boolean) => void): void;
  /** It has gone (its directory may be removed). */
  onExit(listener: () => void): void;
  /** It has gone and every message it sent has been heard; `how` says how it ended. */
  onEnd(listener: (how: string) => void): void;
  /** Ends it at once, unless it has gone. */
  kill(): void;
}

export interface SandboxStart {
  execArgv: string[];
  /** The process's whole environment. */
  env: Record<string, string>;
  cwd: string;
}

/** Starts `entry` in a process of its own, talking to the engine over a message channel. */
export type SandboxLauncher = (entry: string, start: SandboxStart) => SandboxProcess;

/** How the engine starts the process an integration run happens in. */
export interface SandboxProgram {
  /** `sandbox-child.mjs`, wherever the build put it. */
  entry: string;
  execArgv: string[];
  /** The child's whole environment: nothing of the engine's (tokens, paths) is passed on. */
  env: Record<string, string>;
  /** Node's `fork` (`forkLauncher`), or in the desktop app Electron's utilityProcess (src-main/electron/sandbox-launcher.ts). */
  launch: SandboxLauncher;
}

/** Node's `fork` of `execPath` (the Node running the engine), with a JSON IPC channel. */
export function forkLauncher(execPath: string = process.execPath): SandboxLauncher {
  return (entry, { execArgv, env, cwd }) => {
    const child = fork(entry, [], {
      execPath,
      execArgv,
      env,
      cwd,
      // No stdin or stdout; stderr only to explain a crash; the IPC channel carries everything else.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    return {
      stderr: child.stderr,
      send: (message) => {
        if (child.connected) child.send(message);
      },
      onMessage: (listener) => child.on('message', listener),
      onError: (listener) => child.on('error', (error) => listener(error, child.pid !== undefined)),
      onExit: (listener) => child.once('exit', listener),
      // 'close', not 'exit': the IPC channel has been read to its end, so an outcome sent just before exiting counts.
      onEnd: (listener) => child.on('close', (code, signal) => listener(signal ? `killed by ${signal}` : `exit code ${code}`)),
      kill: () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      },
    };
  };
}

/**
 * The program beside this module: `src-main/engine/services/integrations/` under tsx and vitest. The
 * desktop app names its bundled copy and starts it as a utility process (src-main/electron/sandbox-launcher.ts).
 */
export function sandboxEntry(): string {
  return fileURLToPath(new URL('./sandbox-child.mjs', import.meta.url));
}

/**
 * Under plain Node, the child also runs under Node's permission model: it may read its own file
 * and the packages it loads (QuickJS), and may not write files, start processes or workers, or
 * load native addons. The flag is `--permission` from Node 22.13/23.5, `--experimental-permission`
 * before.
 */
export function nodeSandboxProgram(entry = sandboxEntry()): SandboxProgram {
  const flags = process.allowedNodeEnvironmentFlags;
  const permission = flags.has('--permission') ? '--permission' : flags.has('--experimental-permission') ? '--experimental-permission' : undefined;
  const readable = [entry, packagesDirOf(entry)];
  return {
    entry,
    execArgv: permission ? ['--no-warnings', permission, ...readable.map((path) => `--allow-fs-read=${path}`)] : [],
    env: {},
    launch: forkLauncher(),
  };
}

/** The node_modules folder QuickJS is loaded from, as the child resolves it. */
function packagesDirOf(entry: string): string {
  const resolved = createRequire(entry).resolve('quickjs-emscripten-core');
  const marker = `${sep}node_modules${sep}`;
  return resolved.slice(0, resolved.lastIndexOf(marker) + marker.length - 1);
}
