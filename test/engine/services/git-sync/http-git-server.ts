import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A smart-HTTP Git server on loopback for the tests: `git http-backend` (CGI) behind node:http,
 * serving the bare repositories under `root`, and asking for Basic credentials `user:password`.
 */
export class HttpGitServer {
  private constructor(
    private readonly server: Server,
    readonly requests: { authorization: string | undefined }[],
  ) {}

  static async start(root: string, user: string, password: string): Promise<HttpGitServer> {
    const requests: { authorization: string | undefined }[] = [];
    const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const server = createServer((req, res) => {
      requests.push({ authorization: req.headers.authorization });
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const cgi = spawn('git', ['http-backend'], {
        env: {
          PATH: process.env.PATH,
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: '1',
          GIT_CONFIG_COUNT: '1',
          GIT_CONFIG_KEY_0: 'http.receivepack',
          GIT_CONFIG_VALUE_0: 'true',
          REQUEST_METHOD: req.method ?? 'GET',
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          REMOTE_USER: user,
          REMOTE_ADDR: '127.0.0.1',
          GIT_HTTP_MAX_REQUEST_BUFFER: '100M',
        },
      });
      req.pipe(cgi.stdin);
      const chunks: Buffer[] = [];
      cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      cgi.on('close', () => {
        const out = Buffer.concat(chunks);
        const split = out.indexOf('\r\n\r\n');
        const head = out.subarray(0, split).toString('utf8');
        let status = 200;
        const headers: Record<string, string> = {};
        for (const line of head.split('\r\n')) {
          const [name, ...rest] = line.split(':');
          const value = rest.join(':').trim();
          if (name!.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
          else if (name) headers[name] = value;
        }
        res.writeHead(status, headers).end(out.subarray(split + 4));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new HttpGitServer(server, requests);
  }

  url(repository: string, credentials = ''): string {
    return `http://${credentials ? `${credentials}@` : ''}127.0.0.1:${(this.server.address() as AddressInfo).port}/${repository}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
