import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { AwsClient } from 'aws4fetch';
import { bundledScript } from './entry-bundle.js';


/** s3rver's one key pair, in the variables a hub process reads; no FOLIO_S3_* of the machine's own. */
export const S3_ENV: Record<string, string | undefined> = {
  ...Object.fromEntries(Object.keys(process.env).filter((name) => !name.startsWith('FOLIO_S3_') && !name.startsWith('AWS_')).map((name) => [name, process.env[name]])),
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
};

export interface TestS3 {
  /** `http://127.0.0.1:PORT`: the server itself. */
  endpoint: string;
  /** The proxy in front of it, which `proxy` tells to pass requests on, cut PUTs halfway, or hold them (for ever, or until told another mode), hold or cut GETs of objects, or hold listings. */
  proxied: string;
  /** Answers how many requests held ('hold-puts', 'hold-gets', 'hold-lists') were still open, their client waiting, when told (another mode sends them on). */
  proxy(mode: 'pass' | 'cut-puts' | 'stall-puts' | 'hold-puts' | 'hold-gets' | 'hold-lists' | 'cut-gets'): Promise<number>;
  /** Settles when the proxy next holds ('held': a PUT, a GET or a listing, as the mode says) or cuts a request (after this call). */
  nextRequest(event: 'held' | 'cut'): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  object(bucket: string, key: string): Promise<Buffer | undefined>;
  /** The keys under `prefix`. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** s3rver on an ephemeral loopback port, in a temporary folder and a process of its own (`s3-server.ts`), with `buckets` made. */
export async function startS3(buckets: string[]): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'folio-s3-'));
  // s3rver makes a listing's continuation token with DES, which OpenSSL 3 keeps in its legacy provider: without it a listing cut short answers 500.
  const child = spawn(process.execPath, ['--openssl-legacy-provider', bundledScript('test/support/s3-server.ts'), directory, ...buckets], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { port, proxyPort } = await new Promise<{ port: number; proxyPort: number }>((resolve, reject) => {
    void exited.then(() => reject(new Error('the S3 server exited before it listened')));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const aws = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', service: 's3', retries: 0 });
  return {
    endpoint,
    proxied: `http://127.0.0.1:${proxyPort}`,
    proxy: (mode) =>
      new Promise((resolve) => {
        const replied = (message: { reply?: string; held?: number }) => {
          if (message.reply === undefined) return;
          child.off('message', replied);
          resolve(message.held ?? 0);
        };
        child.on('message', replied);
        child.send(mode);
      }),
    nextRequest: (event) =>
      new Promise((resolve) => {
        const seen = (message: { event?: string }) => {
          if (message.event !== event) return;
          child.off('message', seen);
          resolve();
        };
        child.on('message', seen);
      }),
    async object(bucket, key) {
      const answer = await aws.fetch(`${endpoint}/${bucket}/${key}`);
      if (answer.status === 404) return undefined;
      if (answer.status !== 200) throw new Error(`GET ${key}: ${answer.status}`);
      return Buffer.from(await answer.arrayBuffer());
    },
    async keys(bucket, prefix = '') {
      const answer = await aws.fetch(`${endpoint}/${bucket}?${new URLSearchParams({ 'list-type': '2', prefix })}`);
      return [...(await answer.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!).sort();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
