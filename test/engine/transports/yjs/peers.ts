import * as authProtocol from 'y-protocols/auth';
import { WebsocketProvider } from 'y-websocket';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import { MESSAGE_AUTH } from '../../../../src-shared/sync/message-types.js';
import { readBody, writeBody } from '../../../../src-shared/content/yjs.js';
import type { TestServer } from '../../../support/server.js';

/** A y-websocket client as an editor runs one, with the refusals the server sent it. */
export interface Peer {
  doc: Y.Doc;
  provider: WebsocketProvider;
  denied: string[];
  /** Resolves with the next refusal the server sends. */
  nextDenial(): Promise<string>;
}

/** Joins `docName` with a standard `WebsocketProvider` and waits until it has synced. */
export async function join(t: TestServer, docName: string, token: string): Promise<Peer> {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`ws://127.0.0.1:${t.server.port}/v1/yjs`, docName, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { token },
    // Two providers of one process would otherwise sync through a BroadcastChannel, not the server.
    disableBc: true,
  });
  const denied: string[] = [];
  const waiting: ((reason: string) => void)[] = [];
  provider.messageHandlers[MESSAGE_AUTH] = (_encoder, decoder) =>
    authProtocol.readAuthMessage(decoder, doc, (_doc, reason) => {
      denied.push(reason);
      for (const resolve of waiting.splice(0)) resolve(reason);
    });
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, provider, denied, nextDenial: () => new Promise((resolve) => waiting.push(resolve)) };
}

export function leave(...peers: Peer[]): void {
  for (const peer of peers) peer.provider.destroy();
}

/** Resolves once the engine has committed the next write of `docId`. */
export function nextCommit(engine: Engine, docId: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = engine.docs.onUpdate(docId, () => {
      stop();
      resolve();
    });
  });
}

/** Resolves once `doc` satisfies `holds`, checked after each update it receives. */
export function until(doc: Y.Doc, holds: () => boolean): Promise<void> {
  if (holds()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!holds()) return;
      doc.off('update', check);
      resolve();
    };
    doc.on('update', check);
  });
}

/** A page body of one paragraph, as the content model has it. */
export function paragraphs(...texts: string[]) {
  return {
    type: 'doc',
    content: texts.map((text, i) => ({ type: 'paragraph', attrs: { id: `block-${i}` }, content: [{ type: 'text', text }] })),
  };
}

/** The texts of a body's paragraphs. */
export function textsOf(doc: Y.Doc): string[] {
  return (readBody(doc).content ?? []).map((block) => (block.content ?? []).map((inline) => inline.text ?? '').join(''));
}

/** Replaces `doc`'s body with paragraphs of `texts`. */
export function writeParagraphs(doc: Y.Doc, ...texts: string[]): void {
  const written = writeBody(doc, paragraphs(...texts));
  if (!written.ok) throw new Error('body did not convert');
}

/**
 * Changes a doc through the engine's store, as a handler would: on a copy, appending the
 * difference. Until page writes land on main, tests make their page trees with it.
 */
export function changeDoc(engine: Engine, docId: string, change: (doc: Y.Doc) => void): void {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(engine.docs.load(docId)));
  const before = Y.encodeStateVector(copy);
  change(copy);
  const appended = engine.docs.append(docId, Y.encodeStateAsUpdate(copy, before));
  if (!appended.ok) throw new Error(appended.problem.message);
}

/** Adds a document page at the root of a page tree. */
export function addPage(engine: Engine, treeDocId: string, pageId: string): void {
  changeDoc(engine, treeDocId, (doc) => {
    const page = new Y.Map<unknown>();
    doc.getMap('pages').set(pageId, page);
    for (const [key, value] of Object.entries({ type: 'document', title: pageId, slug: pageId, parent: null, position: 'a0' })) page.set(key, value);
  });
}

/** A thread as a peer posts one in a comments doc: a `Y.Map` of the fields the API writes. */
export function threadBy(author: string, id: string, body = 'Posted over a socket'): Y.Map<unknown> {
  const thread = new Y.Map<unknown>();
  const fields = { id, body, author, postedAt: '2026-01-01T00:00:00.000Z', status: 'open', target: { revision: 'socket' }, reactions: new Y.Map(), replies: new Y.Array() };
  for (const [key, value] of Object.entries(fields)) thread.set(key, value);
  return thread;
}
