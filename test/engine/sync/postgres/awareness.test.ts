import { WebsocketProvider } from 'y-websocket';
import { WebSocket } from 'ws';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventually } from '../nodes.js';
import { describeWithPostgres, hubClusterEachTest } from './hub-processes.js';

describeWithPostgres('awareness across the processes of a hub', (postgres) => {
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
});
