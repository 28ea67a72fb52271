import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrapIfEmpty } from '../../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../../src-main/engine/app/engine.js';
import { AppOrigin } from '../../src-main/electron/app-origin.js';
import { REQUEST_CHANNEL } from '../../src-main/electron/channel.js';
import { registerRequestHandler } from '../../src-main/electron/ipc.js';
import { readOwnerToken } from '../../src-main/electron/owner-token.js';
import { ipcHandlers } from './fake-electron.js';
import { referenceAnswers } from '../support/conformance/recorder.js';

vi.mock('electron', () => import('./fake-electron.js'));

const APP_FRAME = { url: 'app://folio/index.html', parent: null };
const from = (senderFrame: unknown) => ({ senderFrame });

let dataDir: string;
let engine: Engine;
let token: string;
let handle: (event: unknown, payload: unknown) => Promise<{ status: number; body: any }>;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-ipc-'));
  engine = new Engine({ dataDir, checkResponses: true, observeAnswers: referenceAnswers.observe });
  bootstrapIfEmpty(engine);
  token = readOwnerToken(dataDir);
  registerRequestHandler({ engine, token, origin: new AppOrigin() });
  handle = ipcHandlers.get(REQUEST_CHANNEL) as typeof handle;
});

afterAll(() => {
  engine.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function organizationCount(): Promise<number> {
  const answer = await handle(from(APP_FRAME), { method: 'GET', path: '/v1/orgs' });
  return answer.body.items.length;
}

describe('folio:request', () => {
  it('answers as the owner, exactly as the engine does in process', async () => {
    const viaIpc = await handle(from(APP_FRAME), { method: 'GET', path: '/v1/user' });
    const direct = await engine.request({ method: 'GET', path: '/v1/user', headers: { authorization: `Bearer ${token}` } });
    expect(viaIpc.status).toBe(200);
    expect(viaIpc).toEqual(direct);
  });

  it('forwards bodies and query strings', async () => {
    const created = await handle(from(APP_FRAME), { method: 'POST', path: '/v1/orgs', body: { title: 'Handbook' } });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Handbook');
    const firstPage = await handle(from(APP_FRAME), { method: 'GET', path: '/v1/orgs?limit=1' });
    expect(firstPage.body.items).toHaveLength(1);
    expect(firstPage.body.next).toBeDefined();
  });

  it('answers API errors in the API shape', async () => {
    const answer = await handle(from(APP_FRAME), { method: 'POST', path: '/v1/orgs', body: { title: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(400);
  });

  it.each([
    ['another site', { url: 'https://evil.example/index.html', parent: null }],
    ['a local file', { url: 'file:///tmp/index.html', parent: null }],
    ['another app:// host', { url: 'app://other/index.html', parent: null }],
    ['a subframe of the app', { url: 'app://folio/index.html', parent: APP_FRAME }],
    ['a destroyed frame', null],
  ])('refuses a sender from %s', async (_label, frame) => {
    await expect(handle(from(frame), { method: 'GET', path: '/v1/user' })).rejects.toThrow(/refused/);
  });

  const deep = Array.from({ length: 100 }).reduce<unknown>((inner) => ({ inner }), 'bottom');
  it.each([
    ['a string', 'GET /v1/user'],
    ['an array', ['GET', '/v1/user']],
    ['null', null],
    ['an unknown method', { method: 'TRACE', path: '/v1/user' }],
    ['a path outside /v1', { method: 'GET', path: '/index.html' }],
    ['a path climbing out of /v1', { method: 'GET', path: '/v1/../index.html' }],
    ['a backslash climbing out of /v1', { method: 'GET', path: '/v1/..\\index.html' }],
    ['another origin', { method: 'GET', path: '//evil.example/v1/user' }],
    ['headers of its own', { method: 'GET', path: '/v1/user', headers: { authorization: 'Bearer other' } }],
    ['a Date in the body', { method: 'POST', path: '/v1/orgs', body: { title: new Date() } }],
    ['a Map as the body', { method: 'POST', path: '/v1/orgs', body: new Map([['title', 'Maps']]) }],
    ['a class instance as the body', { method: 'POST', path: '/v1/orgs', body: new (class Title { title = 'Class' })() }],
    ['NaN in the body', { method: 'POST', path: '/v1/orgs', body: { title: 'Numbers', rank: Number.NaN } }],
    ['a body nested too deep', { method: 'POST', path: '/v1/orgs', body: deep }],
  ])('turns away %s with a 400 and never reaches the engine', async (_label, payload) => {
    const before = await organizationCount();
    const answer = await handle(from(APP_FRAME), payload);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^Bad IPC request: /);
    expect(await organizationCount()).toBe(before);
  });
});

describe('readOwnerToken', () => {
  it('names the missing file', () => {
    expect(() => readOwnerToken(join(dataDir, 'nowhere'))).toThrow(/token file is missing: .*nowhere/);
  });
});
