import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../../src-shared/client/client.js';
import { httpTransport } from '../../src-shared/client/http-transport.js';
import { bootstrapIfEmpty, type FirstStartOptions } from '../../src-main/engine/app/admin/bootstrap.js';
import { AdminError, addMember, addUser, issueToken } from '../../src-main/engine/app/admin/commands.js';
import type { Clock } from '../../src-main/engine/core/clock.js';
import { Engine, type EngineOptions } from '../../src-main/engine/app/engine.js';
import { listen, type RunningServer, type TransportLimits } from '../../src-main/engine/app/http/server.js';
import type { Role } from '../../src-shared/contract/common.js';
import { referenceAnswers } from './conformance/recorder.js';
import { migratedDataDir } from './migrated-database.js';
import { sharedWorkers } from './workers.js';

/** A settable clock, for retention windows and timestamps. */
export class TestClock implements Clock {
  constructor(public current = new Date('2026-01-01T00:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  client: ApiClient;
}

/** A real engine on a temp data dir, served over real HTTP on an ephemeral loopback port. */
export class TestServer {
  readonly clock = new TestClock();
  readonly engine: Engine;
  readonly dataDir: string;
  server!: RunningServer;
  owner!: TestUser;
  organizationId!: string;
  private userCount = 0;

  /** `options`: engine settings beyond the test defaults (an OpenAPI fetch timeout, say). */
  constructor(options: Partial<EngineOptions> = {}) {
    this.dataDir = migratedDataDir();
    this.engine = new Engine({ workers: sharedWorkers(), ...options, dataDir: this.dataDir, clock: this.clock, checkResponses: true, observeAnswers: referenceAnswers.observe });
  }

  /**
   * `firstStart`: what first start makes beyond the owner and their organization (the welcome space,
   * names); `transport`: the HTTP server's limits and timeouts beyond the defaults (short timeouts, small caps).
   */
  static async start(options: Partial<EngineOptions> = {}, firstStart: FirstStartOptions = {}, transport: Partial<TransportLimits> = {}): Promise<TestServer> {
    const test = new TestServer(options);
    bootstrapIfEmpty(test.engine, firstStart);
    test.server = await listen(test.engine, 0, transport);
    const token = readFileSync(join(test.dataDir, 'token'), 'utf8').trim();
    const me = await test.clientFor(token).call('getAuthenticatedUser', { params: undefined });
    if (!me.ok) throw new Error('owner token does not work');
    test.owner = { id: me.data.id, email: me.data.email!, token, client: test.clientFor(token) };
    const orgs = await test.owner.client.call('listOrganizationsForAuthenticatedUser', { params: undefined });
    if (!orgs.ok) throw new Error('cannot list organizations');
    test.organizationId = orgs.data.items[0]!.id;
    return test;
  }

  get url(): string {
    return this.server.url;
  }

  clientFor(token: string | undefined): ApiClient {
    return new ApiClient(httpTransport(this.url, token, fetch));
  }

  /** A new user with a token; a member of the first organization when `role` is given (null: guest). */
  user(role?: Role | null, organizationId = this.organizationId): TestUser {
    const email = `user${++this.userCount}@example.com`;
    const id = unwrap(addUser(this.engine, email, `User ${this.userCount}`));
    if (role !== undefined) unwrap(addMember(this.engine, organizationId, email, role ?? 'guest'));
    const token = unwrap(issueToken(this.engine, email));
    return { id, email, token, client: this.clientFor(token) };
  }

  async stop(): Promise<void> {
    await this.server.close();
    this.engine.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function unwrap(value: string | AdminError): string {
  if (value instanceof AdminError) throw new Error(value.message);
  return value;
}

/** Raw HTTP, for what the typed client would not send (bad JSON, wrong Host, no token). */
export async function raw(
  url: string,
  init: { method?: string; token?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
