import { WebsocketProvider } from 'y-websocket';
import { WebSocket } from 'ws';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually } from '../nodes.js';
import { describeWithPostgres, hubClusterEachTest } from './hub-processes.js';

describeWithPostgres('y-websocket rooms across the processes of a hub', (postgres) => {
  const cluster = hubClusterEachTest(postgres);

  it('a client on one process sees who is in the same doc on another, and sees them leave', async () => {
    const { tree, token } = await cluster.twoSides();
    const providers: WebsocketProvider[] = [];
    const open = (port: number) => {
      const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/v1/yjs`, tree, new Y.Doc(), {
        WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
        params: { token },
        disableBc: true,
      });
      providers.push(provider);
      return provider;
    };
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
});
