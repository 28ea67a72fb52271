import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How the engine starts the process an integration run happens in. */
export interface SandboxProgram {
  /** The Node runtime: `process.execPath`, which is Electron's binary in the desktop app. */
  execPath: string;
  /** `sandbox-child.mjs`, wherever the build put it. */
  entry: string;
  execArgv: string[];
  /** The child's whole environment: nothing of the engine's (tokens, paths) is passed on. */
  env: Record<string, string>;
}

/**
 * The program beside this module: `src-main/engine/integrations/` under tsx and vitest. The
 * desktop app names its bundled copy itself (`electronSandboxProgram`).
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
    execPath: process.execPath,
    entry,
    execArgv: permission ? ['--no-warnings', permission, ...readable.map((path) => `--allow-fs-read=${path}`)] : [],
    env: {},
  };
}

/**
 * In the desktop app `process.execPath` is Electron: ELECTRON_RUN_AS_NODE makes it the plain Node
 * runtime it embeds, as VS Code does for its helper processes (the RunAsNode fuse must stay on).
 * Node's permission model is not used there (Electron does not support it); the QuickJS and
 * process walls hold on their own.
 */
export function electronSandboxProgram(entry: string): SandboxProgram {
  return { execPath: process.execPath, entry, execArgv: [], env: { ELECTRON_RUN_AS_NODE: '1' } };
}

/** The node_modules folder QuickJS is loaded from, as the child resolves it. */
function packagesDirOf(entry: string): string {
  const resolved = createRequire(entry).resolve('quickjs-emscripten-core');
  const marker = `${sep}node_modules${sep}`;
  return resolved.slice(0, resolved.lastIndexOf(marker) + marker.length - 1);
}
