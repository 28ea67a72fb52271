import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { bootstrapIfEmpty } from '../../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../../src-main/engine/app/engine.js';
import { changeRequestBranch, changeRequestTreeDoc, pageDoc } from '../../src-shared/sync/doc-names.js';
import { AppOrigin } from '../../src-main/electron/app-origin.js';
import { DOC_CHANNEL } from '../../src-main/electron/channel.js';
import { docOpener } from '../../src-main/electron/doc-opener.js';
import type { DocAnswer } from '../../src-main/electron/doc-ports.js';
import { registerDocPorts } from '../../src-main/electron/doc-ports.js';
import { readOwnerToken } from '../../src-main/electron/owner-token.js';
import { portLinker } from '../../src-renderer/editor/port-link.js';
import { addPage, nextCommit, textsOf, until, writeParagraphs } from '../engine/transports/yjs/peers.js';
import { FakeMessagePort, ipcListeners } from './fake-electron.js';
import { referenceAnswers } from '../support/conformance/recorder.js';

vi.mock('electron', () => import('./fake-electron.js'));

const APP_URL = 'app://folio/index.html';

let dataDir: string;
let engine: Engine;
let docName: string;

/** A frame of the window: what the main process posts to it is handed to the preload's listener. */
function frameAt(url: string, parent: unknown = null) {
  const answers: { answer: DocAnswer; port?: FakeMessagePort }[] = [];
  let preloadListener: ((event: { ports: unknown[] }, answer: DocAnswer) => void) | undefined;
  const frame = {
    url,
    parent,
    answers,
    postMessage: vi.fn((_channel: string, answer: DocAnswer, ports: FakeMessagePort[]) => {
      answers.push({ answer, port: ports[0] });
      setImmediate(() => preloadListener?.({ ports }, answer));
    }),
    /** The preload's ipcRenderer in this frame, sending to the main process's listener. */
    ipc: {
      send: (channel: string, payload: unknown) => ipcListeners.get(channel)!({ senderFrame: frame }, payload),
      on: (_channel: string, listener: typeof preloadListener) => void (preloadListener = listener),
    },
  };
  return frame;
}

/** The desktop window's editor link, from the preload's opener down to the engine. */
function linkedThrough(frame: ReturnType<typeof frameAt>) {
  const doc = new Y.Doc();
  let synced!: () => void;
  const whenSynced = new Promise<void>((resolve) => (synced = resolve));
  const stop = portLinker(docOpener(frame.ipc as never))(doc, docName, {
    status: () => undefined,
    synced: (value) => value && synced(),
    replaced: () => undefined,
  }, new Awareness(doc));
  return { doc, whenSynced, stop };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-ports-'));
  engine = new Engine({ dataDir, observeAnswers: referenceAnswers.observe });
  bootstrapIfEmpty(engine);
  const token = readOwnerToken(dataDir);
  registerDocPorts({ engine, token, origin: new AppOrigin() });
  const call = (method: string, path: string, body?: unknown) => engine.request({ method, path, body, headers: { authorization: `Bearer ${token}` } });
  const org = ((await call('GET', '/v1/orgs')).body as { items: { id: string }[] }).items[0]!.id;
  const space = ((await call('POST', `/v1/orgs/${org}/spaces`, { title: 'Desk' })).body as { id: string }).id;
  const cr = ((await call('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Port' })).body as { id: string }).id;
  addPage(engine, changeRequestTreeDoc(space, cr), 'guide');
  docName = pageDoc(space, changeRequestBranch(cr), 'guide');
});

afterAll(() => {
  engine.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('folio:doc', () => {
  it('gives the app’s page a port into the doc’s room, where its edits are written as the owner', async () => {
    const frame = frameAt(APP_URL);
    const window = linkedThrough(frame);
    await window.whenSynced;
    expect(frame.answers).toEqual([{ answer: { id: 1 }, port: expect.any(FakeMessagePort) }]);
    const committed = nextCommit(engine, docName);
    writeParagraphs(window.doc, 'Edited in the desktop window');
    await committed;
    expect(textsOf(engine.docs.load(docName))).toEqual(['Edited in the desktop window']);

    const other = linkedThrough(frameAt(APP_URL));
    await other.whenSynced;
    writeParagraphs(other.doc, 'And in a second one');
    await until(window.doc, () => textsOf(window.doc).includes('And in a second one'));
    window.stop();
    other.stop();
    await expect.poll(() => engine.yjs.roomCount).toBe(0);
  });

  it.each([
    ['another site', frameAt('https://evil.example/index.html')],
    ['a local file', frameAt('file:///tmp/index.html')],
    ['a subframe of the app', frameAt(APP_URL, { url: APP_URL, parent: null })],
  ])('answers nothing to %s and opens no room', (_label, frame) => {
    frame.ipc.send(DOC_CHANNEL, { id: 1, docName });
    expect(frame.postMessage).not.toHaveBeenCalled();
    expect(engine.yjs.roomCount).toBe(0);
  });

  it.each([
    ['no doc name', { id: 7 }, /docName/],
    ['an extra field', { id: 7, docName: 'x', token: 'other' }, /unexpected field "token"/],
    ['a doc that does not exist', { id: 7, docName: 'space/nowhere/main/page/none' }, /No matching Space/],
  ])('refuses a request with %s, with no port', (_label, payload, problem) => {
    const frame = frameAt(APP_URL);
    frame.ipc.send(DOC_CHANNEL, payload);
    expect(frame.answers).toEqual([{ answer: { id: 7, problem: expect.stringMatching(problem) }, port: undefined }]);
    expect(engine.yjs.roomCount).toBe(0);
  });

  it('closes a port that carries anything but bytes, and its client leaves the room', async () => {
    const frame = frameAt(APP_URL);
    frame.ipc.send(DOC_CHANNEL, { id: 3, docName });
    const port = frame.answers[0]!.port!;
    expect(engine.yjs.roomCount).toBe(1);
    port.postMessage({ not: 'bytes' });
    await expect.poll(() => engine.yjs.roomCount).toBe(0);
  });

  /** A desktop window's link through the preload, once connected, with what it was told. */
  async function connectedLink() {
    const states: string[] = [];
    const doc = new Y.Doc();
    const stop = portLinker(docOpener(frameAt(APP_URL).ipc as never))(doc, docName, {
      status: (link) => states.push(link),
      synced: () => undefined,
      replaced: () => states.push('replaced'),
    }, new Awareness(doc));
    await expect.poll(() => states).toContain('connected');
    return { states, stop };
  }

  it('tells the page to start over when the engine replaced the doc: the close code crosses the preload', async () => {
    const { states, stop } = await connectedLink();
    const replaced = engine.docs.replaceWith(docName, Y.encodeStateAsUpdate(new Y.Doc()), 'hub');
    expect(replaced.ok).toBe(true);
    await expect.poll(() => states.at(-1)).toBe('replaced');
    expect(states).not.toContain('disconnected');
    stop();
  });

  it('tells the page when the engine ends the link', async () => {
    const { states, stop } = await connectedLink();
    engine.yjs.close();
    await expect.poll(() => states.at(-1)).toBe('disconnected');
    stop();
  });
});
