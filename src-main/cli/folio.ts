import { resolve } from 'node:path';
import { defaultDataDir } from '../engine/core/data-dir.js';
import type { Engine } from '../engine/app/engine.js';
import { UsageError, checkPostgresUrl, parse } from './args.js';

/**
 * What the commands run: the engine and its admin commands, loaded only once the command line is
 * valid, so that `--help` and a mistyped command answer at once rather than after the engine loads.
 */
type Runners = typeof import('./runners.js');

const USAGE = `usage: folio [--data-dir DIR | --postgres URL] <command>
  user add --email E --name N
  token create --email E
  org add --title T --owner E
  member add --org ORG --email E --role ROLE
  site export --site SITE --out FOLDER
  space import --space SPACE --dir FOLDER      (a folder of Markdown, GitBook's layout or an Obsidian vault)
  space export --space SPACE --dir FOLDER
  blobs move [--blob-dir DIR | --blob-s3 URL] --to-dir DIR | --to-s3 URL | --to-database
                                               (with --postgres: the hub's file bytes to another store; docs/hub.md)`;

type Command = (runners: Runners, engine: Engine, values: Record<string, string | undefined>) => string | InstanceType<Runners['AdminError']>;

const COMMANDS: Record<string, { options: string[]; run: Command }> = {
  'user add': { options: ['email', 'name'], run: (r, e, v) => r.addUser(e, v.email!, v.name!) },
  'token create': { options: ['email'], run: (r, e, v) => r.issueToken(e, v.email!) },
  'org add': { options: ['title', 'owner'], run: (r, e, v) => r.addOrganization(e, v.title!, v.owner!) },
  'member add': { options: ['org', 'email', 'role'], run: (r, e, v) => r.addMember(e, v.org!, v.email!, v.role!) },
  'site export': { options: ['site', 'out'], run: (r, e, v) => r.siteExport(e, v.site!, resolve(v.out!)) },
  'space import': { options: ['space', 'dir'], run: (r, e, v) => r.spaceFolder(e, 'import', v.space!, resolve(v.dir!)) },
  'space export': { options: ['space', 'dir'], run: (r, e, v) => r.spaceFolder(e, 'export', v.space!, resolve(v.dir!)) },
};

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    'data-dir': { type: 'string' },
    // A hub on PostgreSQL (docs/hub.md): the command runs as one turn of a hub process would.
    postgres: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    title: { type: 'string' },
    owner: { type: 'string' },
    org: { type: 'string' },
    role: { type: 'string' },
    site: { type: 'string' },
    out: { type: 'string' },
    space: { type: 'string' },
    dir: { type: 'string' },
    // blobs move: where the hub's processes keep file bytes now (their own flags), and where they go.
    'blob-dir': { type: 'string' },
    'blob-s3': { type: 'string' },
    'to-dir': { type: 'string' },
    'to-s3': { type: 'string' },
    'to-database': { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const name = positionals.join(' ');
  if (name === 'blobs move') return moveBlobs(values);
  const stray = BLOB_FLAGS.find((flag) => values[flag] !== undefined);
  if (stray) throw new UsageError(`--${stray} goes with blobs move`);
  const command = COMMANDS[name];
  if (!command) throw new UsageError(name ? `unknown command: ${name} (try --help)` : 'no command given (try --help)');
  const strings = values as Record<string, string | undefined>;
  const missing = command.options.find((option) => !strings[option]);
  if (missing) throw new UsageError(`${name}: --${missing} is required`);
  if (values.postgres !== undefined && values['data-dir'] !== undefined) throw new UsageError('--data-dir and --postgres do not go together');
  if (values.postgres !== undefined) checkPostgresUrl(values.postgres);
  const runners = await import('./runners.js');
  const { engine, close } = values.postgres !== undefined ? await openHub(runners, values.postgres) : openDataDir(runners, values['data-dir']);
  try {
    const result = command.run(runners, engine, strings);
    if (result instanceof runners.AdminError) throw new UsageError(`${name}: ${result.message}`);
    console.log(result);
    return 0;
  } finally {
    close();
  }
}

const BLOB_FLAGS = ['blob-dir', 'blob-s3', 'to-dir', 'to-s3', 'to-database'] as const;

/**
 * `blobs move`: a hub's file bytes from the store its processes are given (`--blob-dir`,
 * `--blob-s3`, neither: the database) to another; progress on standard error, what to do next on
 * standard output. A store or database refused is a usage error (exit 2); a move that stopped
 * before its switch (processes still attached, bytes missing) exits 1, and running it again resumes.
 */
async function moveBlobs(values: Record<string, string | boolean | undefined>): Promise<number> {
  const text = (flag: string) => values[flag] as string | undefined;
  if (values['data-dir'] !== undefined) throw new UsageError('blobs move: a data dir keeps file bytes in its database; --postgres URL names a hub');
  const url = text('postgres');
  if (url === undefined) throw new UsageError('blobs move: --postgres URL is required (the hub whose file bytes move)');
  checkPostgresUrl(url);
  const targets = (['to-dir', 'to-s3', 'to-database'] as const).filter((flag) => values[flag] !== undefined);
  if (targets.length !== 1) throw new UsageError('blobs move: give one of --to-dir DIR, --to-s3 URL, --to-database');
  if (text('blob-dir') !== undefined && text('blob-s3') !== undefined) throw new UsageError('blobs move: --blob-dir and --blob-s3: the hub keeps file bytes in one place, give the one its processes use');
  const from = text('blob-dir') !== undefined ? { kind: 'folder' as const, dir: text('blob-dir')! } : text('blob-s3') !== undefined ? { kind: 's3' as const, location: text('blob-s3')!, env: process.env } : undefined;
  const to = text('to-dir') !== undefined ? { kind: 'folder' as const, dir: text('to-dir')! } : text('to-s3') !== undefined ? { kind: 's3' as const, location: text('to-s3')!, env: process.env } : { kind: 'database' as const };
  const runners = await import('./runners.js');
  try {
    console.log(await runners.moveBlobs(url, from, to, (line) => console.error(line)));
    return 0;
  } catch (error) {
    if (error instanceof runners.StoreRefused || error instanceof runners.BlobStoreRefused) throw new UsageError(`blobs move: ${error.message}`);
    if (error instanceof runners.BlobMoveStopped) throw new Error(`blobs move: ${error.message}`);
    throw error;
  }
}

function openDataDir(runners: Runners, dataDir: string | undefined): { engine: Engine; close(): void } {
  const engine = new runners.Engine({ dataDir: resolve(dataDir ?? defaultDataDir()) });
  return { engine, close: () => engine.close() };
}

async function openHub(runners: Runners, url: string): Promise<{ engine: Engine; close(): void }> {
  try {
    return await runners.openPostgresEngine(url);
  } catch (error) {
    if (error instanceof runners.StoreRefused) throw new UsageError(error.message);
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(`folio: ${error.message}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
