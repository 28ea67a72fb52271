// A real S3-protocol server (s3rver) on an ephemeral loopback port, in a process of its own: a
// hub process's store waits on its requests with the calling thread asleep (BlockingCall), so the
// server must not share that thread. In front of it, a loopback proxy the test can tell, over IPC,
// to pass requests on ('pass'), to cut every PUT halfway ('cut-puts': the server stops mid-write)
// or to hold every PUT unanswered ('stall-puts'). Prints one JSON line: { port, proxyPort }.
// Usage: node --import tsx test/support/s3-server.ts DIR BUCKET... (the tests run its compiled copy, test/support/entry-bundle.ts)
import { createServer, connect, type AddressInfo } from 'node:net';
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2) as [string, ...string[]];
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
const { port } = await server.run();

let mode: 'pass' | 'cut-puts' | 'stall-puts' = 'pass';
const proxy = createServer((client) => {
  const upstream = connect(port, '127.0.0.1');
  const drop = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', drop);
  upstream.on('error', drop);
  upstream.pipe(client);
  client.on('data', (chunk) => {
    if (mode !== 'pass' && chunk.subarray(0, 4).toString('latin1') === 'PUT ') {
      if (mode === 'stall-puts') return client.pause();
      upstream.write(chunk.subarray(0, chunk.length >> 1), drop);
      return;
    }
    upstream.write(chunk);
  });
  client.on('end', () => upstream.end());
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

process.on('message', (message: typeof mode) => {
  mode = message;
  process.send!('ok');
});
process.on('disconnect', () => process.exit(0));
console.log(JSON.stringify({ port, proxyPort: (proxy.address() as AddressInfo).port }));
