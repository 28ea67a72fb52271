import { resolve } from 'node:path';
import { AdminError, addMember, addOrganization, addUser, issueToken } from '../engine/admin/commands.js';
import { defaultDataDir } from '../engine/data-dir.js';
import { Engine } from '../engine/engine.js';
import { UsageError, parse } from './args.js';
import { siteExport } from './site-export.js';
import { spaceFolder } from './space-folder.js';

const USAGE = `usage: folio [--data-dir DIR] <command>
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

function main(argv: string[]): number {
  const { values, positionals } = parse(argv, {
    'data-dir': { type: 'string' },
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
  const engine = new Engine({ dataDir: resolve(values['data-dir'] ?? defaultDataDir()) });
  try {
    const result = command.run(engine, strings);
    if (result instanceof AdminError) throw new UsageError(`${name}: ${result.message}`);
    console.log(result);
    return 0;
  } finally {
    engine.close();
  }
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`folio: ${(error as Error).message}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
