import { WebsocketProvider } from 'y-websocket';
import { WebSocket } from 'ws';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually } from '../nodes.js';
import { describeWithPostgres, hubClusterEachTest } from './hub-processes.js';

/** A y-websocket client of `doc` on the process at `port`, kept in `providers` (destroyed at the test's end). */
function openProvider(port: number, doc: string, token: string, providers: WebsocketProvider[]): WebsocketProvider {
  const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/v1/yjs`, doc, new Y.Doc(), {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { token },
    disableBc: true,
  });
  providers.push(provider);
  return provider;
}

describeWithPostgres('y-websocket rooms across the processes of a hub', (postgres) => {
  const cluster = hubClusterEachTest(postgres);

  it('a client on one process sees who is in the same doc on another, and sees them leave', async () => {
    const { tree, token } = await cluster.twoSides();
    const providers: WebsocketProvider[] = [];
    const open = (port: number) => openProvider(port, tree, token, providers);
    try {
      const [first, second] = cluster.hubs();
      const onA = open(first!.port);
      const onB = open(second!.port);
      await Promise.all([onA, onB].map((provider) => new Promise((synced) => provider.once('sync', synced))));
      onA.awareness.setLocalStateField('user', { name: 'Ann on A' });
      const names = (provider: WebsocketProvider) => [...provider.awareness.getStates().values()].map((state) => (state as { user?: { name: string } }).user?.name);
      await eventually(() => expect(names(onB)).toContain('Ann on A'));
      onB.awareness.setLocalStateField('user', { name: 'Ann on B' });
      await eventually(() => expect(names(onA)).toContain('Ann on B'));
      // Leaving says so to the other process's clients at once, not after awareness times out.
      onA.destroy();
      await eventually(() => expect(names(onB)).not.toContain('Ann on A'));
    } finally {
      for (const provider of providers) provider.destroy();
    }
  }, 120_000);

  it('an edit on one process reaches the clients of another once, before and not again after its commit', async () => {
    const { tree, token } = await cluster.twoSides();
    const [first, second] = cluster.hubs();
    const editor = new WebsocketProvider(`ws://127.0.0.1:${first!.port}/v1/yjs`, tree, new Y.Doc(), {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params: { token },
      disableBc: true,
    });
    const watcher = new WebSocket(`ws://127.0.0.1:${second!.port}/v1/yjs/${encodeURIComponent(tree)}?token=${token}`);
    const updates: Buffer[] = [];
    // y-protocols: a sync message (0) of type update (2).
    watcher.on('message', (data: Buffer) => data[0] === 0 && data[1] === 2 && updates.push(data));
    try {
      await new Promise((opened) => watcher.once('open', opened));
      if (!editor.synced) await new Promise((synced) => editor.once('sync', synced));
      const turn = async (port: number) => ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { turn: number }).turn;
      const before = await turn(first!.port);
      editor.doc.getMap('probe').set('edited', 'on the first process');
      await eventually(() => expect(updates).toHaveLength(1));
      // Once the second process has replayed the edit's turn, its commit is not sent to the watcher again.
      let committed = before;
      await eventually(async () => expect((committed = await turn(first!.port))).toBeGreaterThan(before));
      await eventually(async () => expect(await turn(second!.port)).toBeGreaterThanOrEqual(committed));
      await new Promise((settle) => setTimeout(settle, 500));
      expect(updates).toHaveLength(1);
    } finally {
      editor.destroy();
      watcher.terminate();
    }
  }, 120_000);

  it('edits of one doc on two processes at once are all stored, on both (optimistic turns that collide run again)', async () => {
    const { tree, token } = await cluster.twoSides();
    const ports = cluster.hubs().map((hub) => hub.port);
    const providers: WebsocketProvider[] = [];
    const open = (port: number) => openProvider(port, tree, token, providers);
    const synced = (provider: WebsocketProvider) => (provider.synced ? Promise.resolve() : new Promise((done) => provider.once('sync', done)));
    try {
      const writers = ports.map(open);
      await Promise.all(writers.map(synced));
      // Each writer's edits in bursts, both at once: each process's turns often start from a cursor the other has passed.
      const EDITS = 40;
      const keys: string[] = [];
      for (let n = 0; n < EDITS; n++) {
        writers.forEach((writer, side) => {
          const key = `${side === 0 ? 'A' : 'B'}${n}`;
          keys.push(key);
          writer.doc.getMap('probe').set(key, n);
        });
        if (n % 4 === 3) await new Promise((tick) => setTimeout(tick, 5));
      }
      const probe = (provider: WebsocketProvider) => [...provider.doc.getMap('probe').keys()].sort();
      await eventually(() => writers.forEach((writer) => expect(probe(writer)).toEqual([...keys].sort())));
      // Stored, not only relayed: clients that join each process now get every edit from its copy.
      for (const writer of writers) writer.destroy();
      const late = ports.map(open);
      await Promise.all(late.map(synced));
      await eventually(() => late.forEach((reader) => expect(probe(reader)).toEqual([...keys].sort())));
    } finally {
      for (const provider of providers) provider.destroy();
    }
  }, 120_000);
});
