// A real S3-protocol server (s3rver) on an ephemeral loopback port, in a process of its own: a
// hub process's store waits on its requests with the calling thread asleep (BlockingCall), so the
// server must not share that thread. In front of it, a loopback proxy the test can tell, over IPC,
// to pass requests on ('pass'), to cut every PUT halfway ('cut-puts': the server stops mid-write),
// to hold every PUT unanswered ('stall-puts'), or to hold every PUT, every GET of an object, or
// every listing of the bucket until it is told another mode, which sends them on ('hold-puts',
// 'hold-gets', 'hold-lists', then 'pass' or another hold), or to cut every GET of an object
// ('cut-gets'). It tells the test of each request it holds or cuts ({ event }).
// Prints one JSON line: { port, proxyPort }.
// Usage: node --import tsx test/support/s3-server.ts DIR BUCKET... (the tests run its compiled copy, test/support/entry-bundle.ts)
import { createServer, connect, type AddressInfo } from 'node:net';
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2) as [string, ...string[]];
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
const { port } = await server.run();

let mode: 'pass' | 'cut-puts' | 'stall-puts' | 'hold-puts' | 'hold-gets' | 'hold-lists' | 'cut-gets' = 'pass';
/** Requests held ('hold-puts', 'hold-gets', 'hold-lists') whose client is still connected: each sends what it held on when the mode changes. */
const held = new Set<() => void>();
const proxy = createServer((client) => {
  const drop = () => {
    client.destroy();
    upstream.destroy();
  };
  const connected = () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', drop);
    socket.pipe(client);
    return socket;
  };
  let upstream = connected();
  /** What the client sent since its request was held: read, so that its closing is seen, and sent on once released. */
  let holding: Buffer[] | undefined;
  client.on('error', drop);
  client.on('data', (chunk: Buffer) => {
    if (holding) return void holding.push(chunk);
    if (mode === 'hold-lists' ? isListing(chunk) : mode === 'hold-gets' || mode === 'cut-gets' ? isObjectGet(chunk) : mode !== 'pass' && chunk.subarray(0, 4).toString('latin1') === 'PUT ') {
      if (mode === 'stall-puts') client.pause();
      if (mode === 'hold-puts' || mode === 'hold-gets' || mode === 'hold-lists') {
        // The server's own timeouts must not answer a held request: it gets a connection of its own once released.
        upstream.unpipe(client);
        upstream.destroy();
        holding = [chunk];
        const release = () => {
          upstream = connected();
          for (const part of holding!) upstream.write(part);
          holding = undefined;
        };
        held.add(release);
        client.once('close', () => held.delete(release));
      }
      const cut = mode === 'cut-puts' || mode === 'cut-gets';
      if (cut) upstream.write(chunk.subarray(0, chunk.length >> 1), drop);
      process.send!({ event: cut ? 'cut' : 'held' });
      return;
    }
    upstream.write(chunk);
  });
  client.on('end', () => upstream.end());
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

/** A GET of one object, not a listing of the bucket (`?list-type=2…`). */
function isObjectGet(chunk: Buffer): boolean {
  const line = requestLine(chunk);
  return line.startsWith('GET ') && !line.includes('?');
}

/** A listing of the bucket (`GET /bucket?list-type=2…`). */
function isListing(chunk: Buffer): boolean {
  const line = requestLine(chunk);
  return line.startsWith('GET ') && line.includes('list-type=2');
}

function requestLine(chunk: Buffer): string {
  return chunk.subarray(0, chunk.indexOf('\r\n')).toString('latin1');
}

// Answered with how many held requests were still open (their client waiting) when the mode changed.
process.on('message', (message: typeof mode) => {
  const changed = message !== mode;
  mode = message;
  const open = held.size;
  if (changed) {
    for (const release of held) release();
    held.clear();
  }
  process.send!({ reply: 'ok', held: open });
});
process.on('disconnect', () => process.exit(0));
console.log(JSON.stringify({ port, proxyPort: (proxy.address() as AddressInfo).port }));
