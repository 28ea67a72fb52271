import { resolve } from 'node:path';
import { AdminError, addMember, addOrganization, addUser, issueToken } from '../engine/admin/commands.js';
import { defaultDataDir } from '../engine/data-dir.js';
import { Engine } from '../engine/engine.js';
import { openPostgresEngine } from '../engine/sync/postgres/working-copy.js';
import { StoreRefused } from '../engine/sync/postgres/store.js';
import { UsageError, parse } from './args.js';
import { siteExport } from './site-export.js';
import { spaceFolder } from './space-folder.js';

const USAGE = `usage: folio [--data-dir DIR | --postgres URL] <command>
  user add --email E --name N
  token create --email E
  org add --title T --owner E
  member add --org ORG --email E --role ROLE
  site export --site SITE --out FOLDER
  space import --space SPACE --dir FOLDER      (a folder of Markdown, GitBook's layout or an Obsidian vault)
  space export --space SPACE --dir FOLDER`;

type Command = (engine: Engine, values: Record<string, string | undefined>) => string | AdminError;

const COMMANDS: Record<string, { options: string[]; run: Command }> = {
  'user add': { options: ['email', 'name'], run: (e, v) => addUser(e, v.email!, v.name!) },
  'token create': { options: ['email'], run: (e, v) => issueToken(e, v.email!) },
  'org add': { options: ['title', 'owner'], run: (e, v) => addOrganization(e, v.title!, v.owner!) },
  'member add': { options: ['org', 'email', 'role'], run: (e, v) => addMember(e, v.org!, v.email!, v.role!) },
  'site export': { options: ['site', 'out'], run: (e, v) => siteExport(e, v.site!, resolve(v.out!)) },
  'space import': { options: ['space', 'dir'], run: (e, v) => spaceFolder(e, 'import', v.space!, resolve(v.dir!)) },
  'space export': { options: ['space', 'dir'], run: (e, v) => spaceFolder(e, 'export', v.space!, resolve(v.dir!)) },
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
    help: { type: 'boolean' },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const name = positionals.join(' ');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(name ? `unknown command: ${name} (try --help)` : 'no command given (try --help)');
  const strings = values as Record<string, string | undefined>;
  const missing = command.options.find((option) => !strings[option]);
  if (missing) throw new UsageError(`${name}: --${missing} is required`);
  if (values.postgres !== undefined && values['data-dir'] !== undefined) throw new UsageError('--data-dir and --postgres do not go together');
  const { engine, close } = values.postgres !== undefined ? await openHub(values.postgres) : openDataDir(values['data-dir']);
  try {
    const result = command.run(engine, strings);
    if (result instanceof AdminError) throw new UsageError(`${name}: ${result.message}`);
    console.log(result);
    return 0;
  } finally {
    close();
  }
}

function openDataDir(dataDir: string | undefined): { engine: Engine; close(): void } {
  const engine = new Engine({ dataDir: resolve(dataDir ?? defaultDataDir()) });
  return { engine, close: () => engine.close() };
}

async function openHub(url: string): Promise<{ engine: Engine; close(): void }> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`--postgres: not a PostgreSQL URL (postgres://user@host:port/database): ${url}`);
  try {
    return await openPostgresEngine(url);
  } catch (error) {
    if (error instanceof StoreRefused) throw new UsageError(error.message);
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
