import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ApiResult } from '../../../../src-shared/client/client.js';
import type { EngineOptions } from '../../../../src-main/engine/app/engine.js';
import { TestServer } from '../../../support/server.js';

/** What one path of the spec server answers. */
export type Route =
  | { status?: number; contentType?: string; body: string }
  /** Holds the request until `release()`: processing is seen `progress` meanwhile. */
  | { gate: Gate }
  /** Never answers: the engine's fetch times out. */
  | { hang: true }
  | { redirect: string };

export class Gate {
  private open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  constructor(readonly route: { status?: number; body: string }) {}
  release(): void {
    this.open();
  }
}

/** A small HTTP server of the test's own on 127.0.0.1, serving specifications by path. */
export class SpecServer {
  readonly routes = new Map<string, Route>();
  private server!: Server;

  static async start(): Promise<SpecServer> {
    const specs = new SpecServer();
    specs.server = createServer((req, res) => void specs.answer(req, res));
    await new Promise<void>((resolve) => specs.server.listen(0, '127.0.0.1', resolve));
    return specs;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Serves `body` at `path` and answers its address. */
  serve(path: string, body: string, contentType = 'application/json'): string {
    this.routes.set(path, { body, contentType });
    return this.url(path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = this.routes.get(req.url ?? '');
    if (!route) return void res.writeHead(404).end('not found');
    if ('hang' in route) return;
    if ('redirect' in route) return void res.writeHead(302, { location: route.redirect }).end();
    if ('gate' in route) {
      await route.gate.opened;
      return void res.writeHead(route.gate.route.status ?? 200, { 'content-type': 'application/json' }).end(route.gate.route.body);
    }
    res.writeHead(route.status ?? 200, { 'content-type': route.contentType ?? 'application/json' }).end(route.body);
  }
}

export type Spec = Extract<ApiResult<'getOpenAPISpecBySlug'>, { ok: true }>['data'];

/** Polls the spec through the API until `done` holds (at most 10 s: processing is on loopback). */
export async function pollSpec(
  t: TestServer,
  slug: string,
  done: (spec: Spec) => boolean = (spec) => spec.processingState === 'complete',
  organizationId = t.organizationId,
): Promise<Spec> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const res = await t.owner.client.call('getOpenAPISpecBySlug', { params: { organizationId, specSlug: slug } });
    if (!res.ok) throw new Error(`cannot read spec ${slug}: ${res.status}`);
    if (done(res.data)) return res.data;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return expect.fail(`spec ${slug} did not reach the expected state`);
}

/** Starts a Folio server (with `options`) and a spec server for the file's tests, and stops both after. */
export function serverWithSpecs(ready: (t: TestServer, specs: SpecServer) => void, options: Partial<EngineOptions> = {}): void {
  let t: TestServer;
  let specs: SpecServer;
  beforeAll(async () => {
    t = await TestServer.start(options);
    specs = await SpecServer.start();
    ready(t, specs);
  });
  afterAll(async () => {
    await t.stop();
    await specs.stop();
  });
}
