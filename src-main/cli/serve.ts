import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../engine/core/data-dir.js';
import { resolveTranslator } from '../engine/services/translation/settings.js';
import { DisplayName } from '../../src-shared/contract/first-start.js';
import { OrganizationTitle } from '../../src-shared/contract/orgs.js';
import { SyncSettings } from '../../src-shared/contract/sync.js';
import { UsageError, checkPostgresUrl, parse } from './args.js';

const RENDERER_DIR = resolve(fileURLToPath(import.meta.url), '../../../out/renderer');

/** The engine and its servers, loaded once the flags are checked: a bad flag is refused at once. */
const runners = () => import('./runners.js');

async function main(argv: string[]): Promise<void> {
  const { values } = parse(argv, {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    // A hub process whose state lives in PostgreSQL (docs/hub.md); no data dir then.
    postgres: { type: 'string' },
    // With --postgres: a Host a load balancer in front passes on (HOST:PORT), accepted as this process's own.
    'allow-host': { type: 'string', multiple: true },
    // With --postgres: the folder all processes of the hub keep file bytes in, instead of the database.
    'blob-dir': { type: 'string' },
    // With --postgres: the S3-compatible bucket they keep them in instead; its credentials come from the environment.
    'blob-s3': { type: 'string' },
    'sync-url': { type: 'string' },
    'sync-token': { type: 'string' },
    // First start only (a new data dir): the owner's name and the first organization's title.
    name: { type: 'string' },
    organization: { type: 'string' },
    // OpenAPI specs are fetched from loopback only unless this is given (docs/openapi-specs.md).
    'allow-remote-openapi': { type: 'boolean', default: false },
    'allow-local-git': { type: 'boolean', default: false },
    'allow-remote-git': { type: 'boolean', default: false },
    // The translation service runs call (docs/translations.md); also FOLIO_TRANSLATOR* or DIR/translator.json.
    translator: { type: 'string' },
    'translator-url': { type: 'string' },
    'translator-key': { type: 'string' },
    'translator-model': { type: 'string' },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: not a port number: ${values.port}`);
  if (values.postgres !== undefined) return servePostgresHub(values.postgres, port, values);
  for (const flag of ['allow-host', 'blob-dir', 'blob-s3'] as const) if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --postgres`);
  const hub = syncSettings(values['sync-url'], values['sync-token']);
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  const translator = resolveTranslator(
    dataDir,
    { translator: values.translator, url: values['translator-url'], key: values['translator-key'], model: values['translator-model'] },
    process.env,
  );
  if (translator && 'error' in translator) throw new UsageError(translator.error);
  const start = firstStart(values.name, values.organization);
  const { Engine, bootstrapIfEmpty, listen, saveUpstream, staticFiles } = await runners();
  const engine = new Engine({
    dataDir,
    serveStatic: staticFiles(RENDERER_DIR),
    openapi: { allowRemoteHosts: values['allow-remote-openapi'] },
    git: { allowLocal: values['allow-local-git'], allowRemote: values['allow-remote-git'] },
    translator,
  });
  bootstrapIfEmpty(engine, { ...start, welcome: true });
  if (hub) saveUpstream(engine.db, hub.url, hub.token);
  void engine.workers.warmUp();
  const server = await listen(engine, port);
  console.log(`Folio listening on ${server.url}`);
  engine.sync.start();
  // A terminal's Ctrl-C may reach us twice (directly and forwarded by `npm start`): stop once.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    engine.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** `serve --postgres URL`: a hub process, one of any number on the same database. */
async function servePostgresHub(url: string, port: number, values: Record<string, unknown>): Promise<void> {
  const hosts = (values['allow-host'] as string[] | undefined) ?? [];
  const badHost = hosts.find((host) => !/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(host));
  if (badHost !== undefined) throw new UsageError(`--allow-host: expected HOST:PORT, got ${badHost}`);
  const alone = ['data-dir', 'sync-url', 'sync-token', 'name', 'organization', 'translator', 'translator-url', 'translator-key', 'translator-model'].find((flag) => values[flag] !== undefined);
  if (alone) throw new UsageError(`--${alone} does not go with --postgres: a hub process keeps everything in PostgreSQL`);
  checkPostgresUrl(url);
  const blobs = blobStoreChoice(values['blob-dir'] as string | undefined, values['blob-s3'] as string | undefined);
  const { BlobStoreRefused, StoreRefused, startPostgresHub } = await runners();
  let hub;
  try {
    hub = await startPostgresHub(
      url,
      port,
      (message) => {
        console.error(`folio serve: ${message}`);
        process.exit(1);
      },
      hosts,
      blobs,
    );
  } catch (error) {
    if (error instanceof StoreRefused || error instanceof BlobStoreRefused) throw new UsageError(error.message);
    throw error;
  }
  console.log(`Folio hub listening on ${hub.url}`);
  if (hub.opened.order.writer === 'worker') {
    console.error('folio serve: libpq\'s addon is not installed (apt-get install libpq-dev, then npm rebuild libpq): writes go to PostgreSQL through a worker thread, at several times the CPU');
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await hub.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** `--blob-dir` or `--blob-s3`, not both; a bucket's credentials are read from the environment, never from flags. */
function blobStoreChoice(dir: string | undefined, s3: string | undefined) {
  if (dir !== undefined && s3 !== undefined) throw new UsageError('--blob-dir and --blob-s3: file bytes are kept in one place, give one of them');
  if (dir !== undefined) return { kind: 'folder' as const, dir };
  return s3 === undefined ? undefined : { kind: 's3' as const, location: s3, env: process.env };
}

/** Checked by the first-start operation's own schema; the organization is named after the person unless given. */
function firstStart(name: string | undefined, organization: string | undefined): { name?: string; organization?: string } {
  const checked: { name?: string; organization?: string } = {};
  if (name !== undefined) {
    const parsed = DisplayName.safeParse(name);
    if (!parsed.success) throw new UsageError(`--name: ${parsed.error.issues[0]!.message}`);
    checked.name = name.trim();
  }
  if (organization !== undefined) {
    const parsed = OrganizationTitle.safeParse(organization);
    if (!parsed.success) throw new UsageError(`--organization: ${parsed.error.issues[0]!.message}`);
    checked.organization = organization;
  }
  return checked;
}

/** Both flags or neither; checked by the API's own schema. Without them, the stored settings hold. */
function syncSettings(url: string | undefined, token: string | undefined): { url: string; token: string } | undefined {
  if (url === undefined && token === undefined) return undefined;
  if (url === undefined || token === undefined) throw new UsageError('--sync-url and --sync-token go together');
  const parsed = SyncSettings.safeParse({ url, token });
  if (!parsed.success) throw new UsageError(`--sync-${String(parsed.error.issues[0]!.path[0])}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`folio serve: ${error.message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
