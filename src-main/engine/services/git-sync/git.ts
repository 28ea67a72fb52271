import { spawn } from 'node:child_process';
import { runBelowEngine } from '../../core/workers/background-priority.js';

/**
 * The system `git`, run carefully: no shell (arguments are an array, a `--` before paths and
 * addresses), an environment of our own (none of the caller's GIT_* variables, no user or system
 * configuration, no prompts, no credential helpers), hooks off, only the transports a remote's
 * address was allowed for, no redirects, and a time limit. Its output is capped. Every call
 * answers a value; nothing throws.
 */
export interface GitResult {
  ok: boolean;
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

export interface GitOptions {
  /** The repository (`--git-dir`), when the command works on one. */
  gitDir?: string;
  input?: string | Buffer;
  timeoutMs?: number;
  /** `file` for a local repository, `http` for http and https. */
  transport?: 'file' | 'http';
  signal?: AbortSignal;
  /** Added to the clean environment (an author's name for a commit). */
  env?: Record<string, string>;
}

const MAX_OUTPUT = 512 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 120_000;

export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/nonexistent',
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_PROTOCOL_FROM_USER: '0',
    ...extra,
  };
}

function configArgs(transport: GitOptions['transport']): string[] {
  return [
    '-c', 'core.hooksPath=/dev/null',
    '-c', 'core.symlinks=false',
    '-c', 'core.fsmonitor=false',
    '-c', 'credential.helper=',
    '-c', 'http.followRedirects=false',
    '-c', 'protocol.allow=never',
    '-c', `protocol.file.allow=${transport === 'file' ? 'always' : 'never'}`,
    '-c', `protocol.http.allow=${transport === 'http' ? 'always' : 'never'}`,
    '-c', `protocol.https.allow=${transport === 'http' ? 'always' : 'never'}`,
    '-c', 'submodule.recurse=false',
    '-c', 'gc.auto=0',
  ];
}

export function git(args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve) => {
    const full = [...configArgs(options.transport), ...(options.gitDir ? ['--git-dir', options.gitDir] : []), ...args];
    let child;
    try {
      child = spawn('git', full, { env: cleanEnvironment(options.env), stdio: ['pipe', 'pipe', 'pipe'], shell: false, signal: options.signal });
      // Packing and indexing a large repository is seconds of CPU: the engine's loop goes first.
      if (child.pid !== undefined) runBelowEngine(child.pid);
    } catch (error) {
      resolve({ ok: false, code: null, stdout: Buffer.alloc(0), stderr: (error as Error).message });
      return;
    }
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (result: GitResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ ok: false, code: null, stdout: Buffer.alloc(0), stderr: `git ${args[0]} took longer than ${(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s` });
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) {
        child.kill('SIGKILL');
        finish({ ok: false, code: null, stdout: Buffer.alloc(0), stderr: `git ${args[0]} answered more than ${MAX_OUTPUT} bytes` });
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => finish({ ok: false, code: null, stdout: Buffer.alloc(0), stderr: error.message }));
    child.on('close', (code) => finish({ ok: code === 0, code, stdout: Buffer.concat(out), stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** The first meaningful line of git's complaint, with any credentials in addresses masked. */
export function gitProblem(result: GitResult): string {
  const lines = result.stderr.split('\n').map((line) => line.replace(/^(fatal|error|remote): /, '').trim()).filter(Boolean);
  return maskCredentials(lines.find((line) => !line.startsWith('hint:')) ?? `git exited with ${result.code}`);
}

export function maskCredentials(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1***@');
}
