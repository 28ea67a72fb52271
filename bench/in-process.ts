import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { addOrganization } from '../src-main/engine/app/admin/commands.js';
import { Engine, type EngineOptions } from '../src-main/engine/app/engine.js';

/** An engine on a temp data dir, called in-process as its owner. */
export interface InProcess {
  engine: Engine;
  headers: Record<string, string>;
  ownerEmail: string;
}

/** A call through the engine's dispatcher that must succeed; answers its body. */
export async function call(ctx: InProcess, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const response = await ctx.engine.request({ method, path, headers: ctx.headers, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A new organization owned by the engine's owner. */
export function newOrganization(ctx: InProcess): string {
  const id = addOrganization(ctx.engine, 'Bench', ctx.ownerEmail);
  if (typeof id !== 'string') throw new Error(id.message);
  return id;
}

/** Runs `measure` on a fresh engine (`prefix` names its temp dir), then closes and removes it. */
export async function withEngine(prefix: string, options: Partial<EngineOptions>, measure: (ctx: InProcess) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const engine = new Engine({ ...options, dataDir: dir });
  try {
    bootstrapIfEmpty(engine);
    const headers = { authorization: `Bearer ${readFileSync(join(dir, 'token'), 'utf8').trim()}` };
    const me = (await engine.request({ method: 'GET', path: '/v1/user', headers })).body as { email: string };
    await measure({ engine, headers, ownerEmail: me.email });
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
