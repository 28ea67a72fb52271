import { createRequire } from 'node:module';
import { AwsClient } from 'aws4fetch';
import type { SweptBytesStore } from '../../../domain/content/blob-gc.js';
import { BlockingCall } from '../../../core/workers/blocking-call.js';
import { TryAgainLater } from '../../../core/pipeline/failure.js';
import { BlobStoreRefused, checkAddress, LABEL_NAME, labelBytes, parseLabel, PROBE, SHA256, sha256Hex, type StoreLabel } from './blob-address.js';
import { TakenAhead } from './taken-ahead.js';
import { UnderWay } from './under-way.js';

/** Under the store's prefix: bytes no row names any more, kept `TRASH_KEEP_MS` (blob-gc.ts) before a sweep deletes them. */
const TRASH = 'trash/';

/** How long one request may take before the transaction waiting on it fails (`FOLIO_S3_TIMEOUT_MS`). */
const DEFAULT_TIMEOUT_MS = 30_000;

/** The bucket could not be reached, or answered what it should not: the write did not happen, try later. */
export class BlobBucketUnavailable extends TryAgainLater {}

/** Where the bucket is, from `--blob-s3`: requests go to `${base}/${key}` (path-style, or the bucket's own host on AWS). */
export interface BucketLocation {
  base: string;
  bucket: string;
  /** Empty, or ending in `/`. */
  prefix: string;
  region: string;
}

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * File bytes of a hub on PostgreSQL kept as objects in an S3-compatible bucket every process of
 * the hub shares (`serve --postgres URL --blob-s3 URL`, docs/hub.md, "File bytes in an S3
 * bucket"), so that the database holds only their `file_blobs` rows. Content-addressed: the key
 * `PREFIX/abcdef…` holds the bytes whose SHA-256 is `abcdef…`. Bytes are PUT, with their SHA-256
 * signed (the server checks it), before the write transaction that names them opens
 * (`put`, asynchronous, on the event loop without holding it), and only a 200 lets the
 * transaction run: a row never names bytes the bucket did not take. An object whose row then
 * never commits is swept to the trash once `FRESH_BYTES_MS` old.
 *
 * Bytes given to a replica are read the same way (`readAsync`), as are the sweep's lists and moves
 * (`sweepShard`, outside any transaction). What the engine reads inside its synchronous
 * transactions (an API download's bytes) is fetched by a worker thread while the event loop waits
 * (`BlockingCall`, docs/decisions.md); a request that takes longer than the timeout fails, and
 * with it the transaction, which rolls back whole.
 */
export class BlobBucket implements SweptBytesStore {
  private readonly taken = new TakenAhead();
  private readonly reads = new UnderWay<Buffer | undefined>();

  private constructor(
    private readonly location: BucketLocation,
    private readonly http: BlockingCall,
    /** The same requests as `http`'s, made on the event loop for `put`. */
    private readonly aws: AwsClient,
    private readonly timeoutMs: number,
    /** How the bucket is named in errors: the flag as given (it holds no secret). */
    private readonly name: string,
  ) {}

  /**
   * The bucket, checked: it is there, takes the credentials and takes an object, or
   * `BlobStoreRefused` in one line. Credentials and the timeout come from the environment.
   * `beforeWriting` looks at it first (a move's target must be empty, and gets its label).
   */
  static open(flag: string, env: Readonly<Record<string, string | undefined>>, beforeWriting?: (bucket: BlobBucket) => void): BlobBucket {
    const location = bucketLocation(flag, env);
    const credentials = bucketCredentials(env);
    const timeoutMs = requestTimeout(env);
    const aws4fetchPath = createRequire(import.meta.url).resolve('aws4fetch');
    const http = new BlockingCall(WORKER_SOURCE, { aws4fetchPath, credentials, region: location.region }, timeoutMs, (ms) => new BlobBucketUnavailable(`the bucket did not answer within ${ms} ms`));
    const aws = new AwsClient({ ...credentials, service: 's3', region: location.region, retries: 0 });
    const bucket = new BlobBucket(location, http, aws, timeoutMs, flag);
    try {
      bucket.list(location.prefix, 1);
      beforeWriting?.(bucket);
      bucket.write(sha256Hex(PROBE), PROBE);
    } catch (error) {
      http.stop();
      if (error instanceof BlobStoreRefused) throw error;
      throw new BlobStoreRefused(`--blob-s3: ${flag}: ${refusal(error as Error)}`);
    }
    return bucket;
  }

  /** The bytes, from their key or else from the trash (a row a backup brought back after they went). */
  read(sha256: string): Buffer | undefined {
    return this.get(this.keyOf(sha256)) ?? this.get(this.trashKeyOf(sha256));
  }

  readAsync(sha256: string): Promise<Buffer | undefined> {
    return this.reads.join(sha256, async () => (await this.getAsync(this.keyOf(sha256))) ?? (await this.getAsync(this.trashKeyOf(sha256))));
  }

  /**
   * `write` without holding the event loop, before the write turn whose row names the bytes
   * (docs/hub.md). Bytes there already are not sent again; should a sweep be moving them to the
   * trash meanwhile, reads find them there and the next sweep of their shard brings them back.
   */
  put(sha256: string, bytes: Uint8Array): Promise<void> {
    checkAddress(sha256, bytes);
    return this.taken.put(sha256, async () => {
      const key = this.keyOf(sha256);
      if ((await this.sendAsync('HEAD', key, [200, 404])).status === 200) return;
      await this.sendAsync('PUT', key, [200], storedObject(sha256, bytes));
    });
  }

  took(sha256: string): boolean {
    return this.taken.took(sha256);
  }

  /** Stores the bytes, the event loop waiting (`open`'s probe, `blobs move`); a hub's uploads `put` them instead. */
  write(sha256: string, bytes: Uint8Array): void {
    checkAddress(sha256, bytes);
    const key = this.keyOf(sha256);
    // The same bytes stored again (by another process, or uploaded twice) are not sent again.
    if (this.send('HEAD', key, [200, 404]).status === 200) return;
    this.send('PUT', key, [200], storedObject(sha256, bytes));
  }

  /**
   * Moves the bytes under `trash/`, where they stay `TRASH_KEEP_MS` before a sweep deletes them:
   * a copy of the bucket taken within that time after the database's dump still has the bytes of
   * every row in the dump. A copy is a new object, so the trash counts its time from the move.
   */
  async remove(sha256: string): Promise<void> {
    if (!(await this.copy(this.keyOf(sha256), this.trashKeyOf(sha256)))) return;
    await this.sendAsync('DELETE', this.keyOf(sha256), [200, 204]);
  }

  async keptIn(shard: string): Promise<{ sha256: string; since: number }[]> {
    return this.namedIn(this.location.prefix, shard);
  }

  async trashedIn(shard: string): Promise<{ sha256: string; since: number }[]> {
    return this.namedIn(`${this.location.prefix}${TRASH}`, shard);
  }

  async restore(sha256: string): Promise<void> {
    if (await this.copy(this.trashKeyOf(sha256), this.keyOf(sha256))) await this.purge(sha256);
  }

  async purge(sha256: string): Promise<void> {
    await this.sendAsync('DELETE', this.trashKeyOf(sha256), [200, 204]);
  }

  /** How the bucket is named to an operator: the flag as given. */
  get where(): string {
    return this.name;
  }

  /** Where the bytes are, whatever the URL's spelling: the same for two flags that name one bucket and prefix. */
  get identity(): string {
    return `${this.location.base}/${this.location.prefix}`;
  }

  /** The bucket's label (`StoreLabel`) under its prefix, if a move gave it one. */
  label(): StoreLabel | undefined {
    const bytes = this.get(`${this.location.prefix}${LABEL_NAME}`);
    return bytes && parseLabel(bytes, this.name);
  }

  setLabel(label: StoreLabel): void {
    const bytes = labelBytes(label);
    this.send('PUT', `${this.location.prefix}${LABEL_NAME}`, [200], { body: bytes, headers: { 'content-type': 'application/json', 'x-amz-content-sha256': sha256Hex(bytes) } });
  }

  /** Whether anything but the label is under the prefix. */
  holdsAnything(): boolean {
    return this.list(this.location.prefix, 2).some(({ key }) => key !== `${this.location.prefix}${LABEL_NAME}`);
  }

  /** Ends the worker that makes the requests. */
  stop(): void {
    this.http.stop();
  }

  /** Copies `from` to `to` within the bucket; false when there is no `from`. */
  private async copy(from: string, to: string): Promise<boolean> {
    const source = `/${this.location.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    const answer = await this.sendAsync('PUT', to, [200, 404], { headers: { 'x-amz-copy-source': source } });
    if (answer.status === 404) {
      if (errorCode(answer.body) === 'NoSuchKey') return false;
      throw new BlobBucketUnavailable(`${this.name} answered 404 ${errorCode(answer.body) ?? ''} to a copy`);
    }
    // A copy can fail after S3 answered 200: the error is then in the body.
    if (errorCode(answer.body) !== undefined) throw new BlobBucketUnavailable(`${this.name} could not copy ${from} (${errorCode(answer.body)})`);
    return true;
  }

  /** The SHA-256s stored right under `under` whose hex starts with `shard`, with when each was last written. */
  private async namedIn(under: string, shard: string): Promise<{ sha256: string; since: number }[]> {
    const found: { sha256: string; since: number }[] = [];
    let token: string | undefined;
    do {
      const page = listingPage((await this.sendAsync('GET', `?${listingQuery(`${under}${shard}`, 1000, token)}`, [200])).body);
      for (const { key, since } of page.keys) {
        const sha256 = key.slice(under.length);
        if (SHA256.test(sha256)) found.push({ sha256, since });
      }
      token = page.next;
    } while (token);
    return found;
  }

  private get(key: string): Buffer | undefined {
    const answer = this.send('GET', key, [200, 404]);
    return answer.status === 200 ? answer.body : undefined;
  }

  private async getAsync(key: string): Promise<Buffer | undefined> {
    const answer = await this.sendAsync('GET', key, [200, 404]);
    return answer.status === 200 ? answer.body : undefined;
  }

  /** The keys under `prefix`, with when each was last written, page after page (`limit`: one page of at most that many), the event loop waiting. */
  private list(prefix: string, limit?: number): { key: string; since: number }[] {
    const found: { key: string; since: number }[] = [];
    let token: string | undefined;
    do {
      const page = listingPage(this.send('GET', `?${listingQuery(prefix, limit ?? 1000, token)}`, [200]).body);
      found.push(...page.keys);
      token = page.next;
    } while (token && limit === undefined);
    return found;
  }

  /** One signed request: a key of the store, or `?query` on the bucket. Any status but `expected`, or no answer, throws. */
  private send(method: string, target: string, expected: readonly number[], init: RequestParts = {}): { status: number; body: Buffer } {
    const answer = this.http.call({ method, url: this.urlOf(target), headers: init.headers ?? {}, body: init.body }) as BucketReply;
    return this.answered(answer, expected);
  }

  /** `send` on the event loop, bounded by the same timeout: the process serves others meanwhile. */
  private async sendAsync(method: string, target: string, expected: readonly number[], init: RequestParts = {}): Promise<{ status: number; body: Buffer }> {
    let answer: BucketReply;
    try {
      const response = await this.aws.fetch(this.urlOf(target), { method, headers: init.headers ?? {}, body: init.body, signal: AbortSignal.timeout(this.timeoutMs) });
      answer = { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw new BlobBucketUnavailable(`the bucket did not answer within ${this.timeoutMs} ms`);
      answer = { error: replyError(error) };
    }
    return this.answered(answer, expected);
  }

  private urlOf(target: string): string {
    return target.startsWith('?') ? `${this.location.base}${target}` : `${this.location.base}/${target.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** The reply as `send` answers it, or why it is not one. */
  private answered(answer: BucketReply, expected: readonly number[]): { status: number; body: Buffer } {
    if (answer.error !== undefined) {
      const unreachable = /^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(answer.error);
      throw new BlobBucketUnavailable(`${unreachable ? 'cannot reach' : 'lost the connection to'} ${this.location.base} (${answer.error})`);
    }
    const body = Buffer.from(answer.body!.buffer, answer.body!.byteOffset, answer.body!.byteLength);
    if (!expected.includes(answer.status!)) throw new BucketAnswered(answer.status!, errorCode(body), errorMessage(body));
    return { status: answer.status!, body };
  }

  private keyOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a SHA-256 in hex');
    return `${this.location.prefix}${sha256}`;
  }

  private trashKeyOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a SHA-256 in hex');
    return `${this.location.prefix}${TRASH}${sha256}`;
  }
}

interface RequestParts {
  body?: Uint8Array;
  headers?: Record<string, string>;
}

/** A request's answer, or why there was none (the connection refused, reset or closed). */
type BucketReply = { status?: number; body?: Uint8Array; error?: string };

/** How a PUT of file bytes goes: the payload's hash signed (aws4fetch would send UNSIGNED-PAYLOAD), so the server refuses bytes that changed on the way. */
function storedObject(sha256: string, bytes: Uint8Array): RequestParts {
  return { body: bytes, headers: { 'content-type': 'application/octet-stream', 'x-amz-content-sha256': sha256 } };
}

/** What failed a `fetch` that got no answer, as the worker says it (`WORKER_SOURCE`): the system's code when there is one. */
function replyError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return String(cause?.code || cause?.message || (error as Error | undefined)?.message || error);
}

/** A status the bucket should not have answered; its S3 error code when it gave one. */
class BucketAnswered extends BlobBucketUnavailable {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    detail: string | undefined,
  ) {
    super(`the bucket answered ${status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

/** The one line `open` refuses with, from what its first requests met. */
function refusal(error: Error): string {
  if (!(error instanceof BucketAnswered)) return error.message;
  if (error.code === 'NoSuchBucket' || (error.status === 404 && !error.code)) return 'the bucket does not exist: create it first';
  if (error.status === 403 || error.status === 401) {
    return `the credentials were refused (${error.code ?? error.status}): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or FOLIO_S3_ACCESS_KEY_ID and FOLIO_S3_SECRET_ACCESS_KEY) to a key that may list, read, write and delete in the bucket`;
  }
  return error.message;
}

/**
 * `--blob-s3`: `s3://BUCKET[/PREFIX]` on AWS (the region from the environment), or
 * `http(s)://HOST[:PORT]/BUCKET[/PREFIX]` for any other S3-compatible server, addressed
 * path-style. Never credentials: they come from the environment only.
 */
export function bucketLocation(flag: string, env: Readonly<Record<string, string | undefined>>): BucketLocation {
  const refuse = (why: string) => new BlobStoreRefused(`--blob-s3: ${why}`);
  let url: URL;
  try {
    url = new URL(flag);
  } catch {
    throw refuse(`expected s3://BUCKET[/PREFIX] or http(s)://HOST[:PORT]/BUCKET[/PREFIX], got ${flag}`);
  }
  if (url.username || url.password) throw refuse('credentials do not go in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (docs/hub.md)');
  if (url.search || url.hash) throw refuse(`no query or fragment in the URL: ${flag}`);
  const region = env.FOLIO_S3_REGION || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw refuse(`not a region: ${region}`);
  let bucket: string;
  let path: string[];
  let base: string;
  if (url.protocol === 's3:') {
    bucket = url.hostname;
    path = url.pathname.split('/').filter(Boolean);
    base = `https://${bucket}.s3.${region}.amazonaws.com`;
  } else if (url.protocol === 'http:' || url.protocol === 'https:') {
    [bucket = '', ...path] = url.pathname.split('/').filter(Boolean);
    base = `${url.origin}/${bucket}`;
  } else throw refuse(`expected s3://, http:// or https://, got ${flag}`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw refuse(`not a bucket name: ${bucket || '(none)'}`);
  const prefix = path.join('/');
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(prefix)) throw refuse(`a prefix is letters, digits, '.', '_', '-' and '/': ${prefix}`);
  return { base, bucket, prefix: prefix ? `${prefix}/` : '', region };
}

/** The key pair, from `FOLIO_S3_*` or else the AWS variables; a missing one is refused. */
function bucketCredentials(env: Readonly<Record<string, string | undefined>>): Credentials {
  const [id, secret, session] = env.FOLIO_S3_ACCESS_KEY_ID
    ? [env.FOLIO_S3_ACCESS_KEY_ID, env.FOLIO_S3_SECRET_ACCESS_KEY, env.FOLIO_S3_SESSION_TOKEN]
    : [env.AWS_ACCESS_KEY_ID, env.AWS_SECRET_ACCESS_KEY, env.AWS_SESSION_TOKEN];
  if (!id || !secret) throw new BlobStoreRefused('--blob-s3: no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or FOLIO_S3_ACCESS_KEY_ID and FOLIO_S3_SECRET_ACCESS_KEY) in the environment');
  return session ? { accessKeyId: id, secretAccessKey: secret, sessionToken: session } : { accessKeyId: id, secretAccessKey: secret };
}

function requestTimeout(env: Readonly<Record<string, string | undefined>>): number {
  const given = env.FOLIO_S3_TIMEOUT_MS;
  if (given === undefined || given === '') return DEFAULT_TIMEOUT_MS;
  const ms = Number(given);
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000) throw new BlobStoreRefused(`FOLIO_S3_TIMEOUT_MS: milliseconds from 100 to 600000, got ${given}`);
  return ms;
}

/** A ListObjectsV2 query: up to `max` keys under `prefix`, from where `token` left off. */
function listingQuery(prefix: string, max: number, token: string | undefined): URLSearchParams {
  const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': String(max) });
  if (token) query.set('continuation-token', token);
  return query;
}

/** One page of a ListObjectsV2 answer: its keys with when each was last written, and the token of the next page if there is one. */
function listingPage(body: Buffer): { keys: { key: string; since: number }[]; next: string | undefined } {
  const text = body.toString('utf8');
  const keys: { key: string; since: number }[] = [];
  for (const [, contents] of text.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = unescapeXml(/<Key>([\s\S]*?)<\/Key>/.exec(contents!)?.[1] ?? '');
    keys.push({ key, since: Date.parse(/<LastModified>([^<]*)<\/LastModified>/.exec(contents!)?.[1] ?? '') || 0 });
  }
  const next = /<IsTruncated>true<\/IsTruncated>/.test(text) ? unescapeXml(/<NextContinuationToken>([^<]*)</.exec(text)?.[1] ?? '') || undefined : undefined;
  return { keys, next };
}

function errorCode(body: Buffer): string | undefined {
  return /<Error>[\s\S]*?<Code>([^<]*)<\/Code>/.exec(body.toString('utf8'))?.[1];
}

function errorMessage(body: Buffer): string | undefined {
  const message = /<Error>[\s\S]*?<Message>([^<]*)<\/Message>/.exec(body.toString('utf8'))?.[1];
  return message === undefined ? undefined : unescapeXml(message).slice(0, 200);
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
}

/**
 * The worker's source (`BlockingCall`): one signed request per message, answered with its status
 * and body, or with why there was none (the connection refused, reset or closed). aws4fetch's own
 * retries are off: the caller's timeout bounds the whole request.
 */
const WORKER_SOURCE = `
const { AwsClient } = require(workerData.aws4fetchPath);
const aws = new AwsClient({ ...workerData.credentials, service: 's3', region: workerData.region, retries: 0 });
port.on('message', async ({ method, url, headers, body }) => {
  let reply;
  try {
    const response = await aws.fetch(url, { method, headers, body });
    reply = { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
  } catch (error) {
    const cause = error && error.cause;
    reply = { error: String((cause && (cause.code || cause.message)) || (error && error.message) || error) };
  }
  answer(reply);
});
`;
