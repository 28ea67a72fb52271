import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The baseline: plain node:http answering fixed JSON bodies (the very bytes Folio answered),
 * so the ratio measures Folio's own work, not body size.
 */
const bodies: Record<string, Buffer> = JSON.parse(readFileSync(process.argv[2]!, 'utf8'), (key, value) =>
  key === '' ? Object.fromEntries(Object.entries(value as Record<string, string>).map(([k, v]) => [k, Buffer.from(v)])) : value,
);

const server = createServer((req, res) => {
  const body = bodies[req.url ?? ''];
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
