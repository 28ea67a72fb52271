import { resolve } from 'node:path';
import { defaultDataDir } from '../engine/data-dir.js';
import type { Engine } from '../engine/engine.js';
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
  space export --space SPACE --dir FOLDER`;

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
