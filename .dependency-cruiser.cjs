/**
 * The layers of Folio and what each may import (docs/architecture.md), checked by
 * `npm run check:layers` (dependency-cruiser). Every rule is an allowlist: a layer names what it
 * may import, and anything else is reported with the rule's name and why it exists. Modelled on
 * VS Code's `code-layering` (layers by runtime) and `code-import-patterns` (packages per layer).
 *
 * Three kinds of rules:
 * - runtime layers: src-shared, the engine and CLI, the Electron shell, the renderer;
 * - the engine's inner layers, bottom up: core → domain → services → api → transports → app, each
 *   one folder of src-main/engine/ (docs/decisions.md, "Engine layers are folders");
 * - npm packages and Node builtins per layer.
 *
 * `EXCEPTIONS` lists the imports that break a rule today, each with why and what removes it. It only
 * shrinks: an exception that no longer matches an import fails the check (scripts/check-layers.mjs).
 */

const ENGINE = 'src-main/engine/';

/** Regular expressions matching a whole path, joined into one alternative. */
const anyOf = (...patterns) => `^(${patterns.join('|')})`;

/**
 * The engine's inner layers, bottom up: each is the folder src-main/engine/<name>/ and may import its
 * own layer and those listed before it. No file is named one by one: a file's layer is its folder.
 */
const ENGINE_LAYERS = [
  {
    name: 'core',
    what: 'storage (SQLite, the Yjs doc store), clock, ids, urls, pagination, tokens, the job queue, the request pipeline, worker threads',
  },
  {
    name: 'domain',
    what: "rows, rules and presenters per area; access, revisions, content's trees and bodies, conversations",
  },
  {
    name: 'services',
    what: 'long-lived work behind the API: sync, publishing, PDFs, translation, OpenAPI processing, integrations, live-edit revisions',
  },
  {
    name: 'api',
    what: 'handlers per area, the route table and the dispatcher',
  },
  {
    name: 'transports',
    what: 'HTTP, the y-websocket endpoint, the sync hub: the edges where requests arrive',
  },
  {
    name: 'app',
    what: 'the Engine that wires everything, the program of its worker threads, the HTTP server of an Engine, local administration',
  },
].map((layer) => ({ ...layer, path: `^${ENGINE}${layer.name}/` }));

/**
 * Imports that break a rule today. Each names the rule, the importing file, the imported file (or
 * package), why, and what removes it. The list only shrinks (scripts/check-layers.mjs fails on an
 * entry that matches nothing).
 */
const EXCEPTIONS = [];

// ---------------------------------------------------------------------------------------------
// Runtime layers and packages (VS Code's code-layering and code-import-patterns)

/** A package's folder in node_modules; a name may be a pattern (`prosemirror-[a-z]+`). */
const pkg = (name) => `node_modules/${name.replace(/\./g, '\\.')}/`;
/** Libraries that run everywhere, without DOM or Node (type packages count: they bring their runtime's types). */
const PURE = ['zod', 'yjs', 'lib0', 'prosemirror-model', 'y-prosemirror', 'yaml', 'mdast[a-z-]*', 'markdown-it', '@types/(mdast|unist|markdown-it)'];
const RUNTIME_LAYERS = [
  {
    name: 'shared',
    path: '^src-shared/',
    what: 'pure code that runs everywhere',
    files: ['^src-shared/'],
    packages: PURE,
    builtins: false,
  },
  {
    name: 'engine',
    path: '^src-main/(engine|cli)/',
    what: 'plain Node: the engine and the command line',
    files: ['^src-shared/', '^src-main/(engine|cli)/'],
    packages: [
      ...PURE,
      ...['better-sqlite3', 'hono', 'ws', 'y-protocols', 'pdfkit', 'ajv', 'ajv-formats', 'jose', 'jsep', '@readme/openapi-parser', 'pg', 'fflate', 'aws4fetch'],
      ...['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync', 'tsx'],
      '@types/(better-sqlite3|ws|pdfkit|pg)',
    ],
    builtins: true,
  },
  {
    name: 'shell',
    path: '^src-main/electron/',
    what: 'the Electron main process and preload',
    files: ['^src-shared/', '^src-main/(engine|electron)/'],
    packages: [...PURE, 'electron'],
    builtins: true,
  },
  {
    name: 'renderer',
    path: '^src-renderer/',
    what: 'browser code: the Electron renderer and the browser build',
    files: ['^src-shared/', '^src-renderer/'],
    packages: [...PURE, 'react', 'react-dom', '@types/(react|react-dom)', 'zustand', 'prosemirror-[a-z-]+', 'y-indexeddb', 'y-websocket', 'y-protocols', 'highlight.js', 'fflate'],
    builtins: false,
  },
];

/** Packages only some engine folders may import: the one place that owns the concern. */
const ENGINE_PACKAGES = [
  {
    name: 'better-sqlite3',
    owner: anyOf(`${ENGINE}core/db/`, `${ENGINE}services/sync/postgres/`),
    why: 'the SQLite handle is core/db (and a hub process on PostgreSQL, which replays rows into its working copy under the engine); everything else goes through Database',
  },
  { name: 'pg', owner: `${ENGINE}services/sync/postgres/`, why: 'PostgreSQL is the hub processes\' store (services/sync/postgres/)' },
  { name: 'pdfkit', owner: `${ENGINE}services/pdf/`, why: 'PDF layout lives in services/pdf/' },
  { name: 'hono', owner: `${ENGINE}api/router\\.ts$`, why: 'routing lives in api/router.ts' },
  { name: 'ws', owner: anyOf(`${ENGINE}transports/`, `${ENGINE}services/sync/`), why: 'WebSockets are for transports (and the sync replica socket)' },
  { name: '@readme/openapi-parser', owner: `${ENGINE}services/openapi-processing/`, why: 'spec parsing lives in services/openapi-processing/' },
  { name: 'tsx', owner: `${ENGINE}app/worker-bootstrap\\.mjs$`, why: 'the worker threads register it to run from the sources; nothing else loads TypeScript' },
  { name: 'quickjs-emscripten-core', owner: `${ENGINE}services/integrations/`, why: "integration scripts' sandbox lives in services/integrations/" },
];

// ---------------------------------------------------------------------------------------------
// Rule generation

const RUNTIME_PATHS = RUNTIME_LAYERS.map((layer) => layer.path);

/**
 * A forbidden rule, split so that each exception is allowed exactly: the rule applies to every
 * importing file but the excepted ones, and again to each excepted file with its excepted target
 * allowed.
 */
function withExceptions(rule) {
  const excepted = EXCEPTIONS.filter((exception) => exception.rule === rule.name);
  if (excepted.length === 0) return [rule];
  const fromFiles = [...new Set(excepted.map((exception) => exception.from))];
  const main = { ...rule, from: { ...rule.from, pathNot: [...asArray(rule.from.pathNot), ...fromFiles.map(exact)] } };
  const perFile = fromFiles.map((file) => ({
    ...rule,
    from: { ...rule.from, path: exact(file) },
    to: {
      ...rule.to,
      pathNot: [...asArray(rule.to.pathNot), ...excepted.filter((exception) => exception.from === file).map((exception) => exact(exception.to))],
    },
  }));
  return [main, ...perFile];
}

const asArray = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const exact = (path) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];

/** For an engine layer: it may import only the folders of the layers at or below it. */
function engineRules() {
  // The top layer may import every other: it has no rule.
  return ENGINE_LAYERS.slice(0, -1).map((layer, index) => {
    const above = ENGINE_LAYERS.slice(index + 1);
    const below = ENGINE_LAYERS.slice(0, index + 1);
    return {
      name: `engine-layer-${layer.name}`,
      severity: 'error',
      comment:
        `engine layer "${layer.name}" (${layer.what}) may import only ${below.map((l) => l.name).join(', ')}: ` +
        `not ${above.map((l) => l.name).join(', ')} (docs/architecture.md, "Engine layers")`,
      from: { path: layer.path },
      to: { path: above.map((l) => l.path) },
    };
  });
}

function runtimeRules() {
  return RUNTIME_LAYERS.flatMap((layer) => [
    {
      name: `layer-${layer.name}-files`,
      severity: 'error',
      comment: `${layer.path} (${layer.what}) may import files only from ${layer.files.join(', ')} (docs/architecture.md, "Layers by runtime")`,
      from: { path: layer.path },
      to: { path: '^src-', pathNot: layer.files },
    },
    {
      name: `layer-${layer.name}-packages`,
      severity: 'error',
      comment: `${layer.path} (${layer.what}) may import only these packages: ${layer.packages.join(', ')}`,
      from: { path: layer.path },
      to: { dependencyTypes: NPM, pathNot: layer.packages.map(pkg) },
    },
    ...(layer.builtins
      ? []
      : [
          {
            name: `layer-${layer.name}-no-node`,
            severity: 'error',
            comment: `${layer.path} (${layer.what}) runs without Node: no Node builtins`,
            from: { path: layer.path },
            to: { dependencyTypes: ['core'] },
          },
        ]),
  ]);
}

function packageRules() {
  return ENGINE_PACKAGES.map((entry) => ({
    name: `engine-package-${entry.name.replace(/[@/]/g, '')}`,
    severity: 'error',
    comment: `${entry.name} is imported only where ${entry.why}`,
    from: { path: `^${ENGINE}`, pathNot: entry.owner.startsWith('^') ? entry.owner : `^${entry.owner}` },
    to: { path: pkg(entry.name) },
  }));
}

const otherRules = [
  {
    // Without it, a new folder would sit outside every layer and import anything.
    name: 'engine-file-in-a-layer',
    severity: 'error',
    comment: `every engine file belongs to a layer: it lives in one of ${ENGINE}{${ENGINE_LAYERS.map((l) => l.name).join(',')}}/ (docs/architecture.md, "Engine layers")`,
    from: { path: `^${ENGINE}`, pathNot: ENGINE_LAYERS.map((layer) => layer.path) },
    to: {},
  },
  {
    name: 'migrations-are-literal',
    severity: 'error',
    comment: 'a migration is literal SQL, never computed from current code: it imports nothing (docs/architecture.md, "Migrations")',
    from: { path: `^${ENGINE}core/db/migrations/` },
    to: { pathNot: `^${ENGINE}core/db/migrations/` },
  },
  {
    name: 'not-unresolvable',
    severity: 'error',
    comment: 'every import resolves to a file or an installed package',
    from: { path: RUNTIME_PATHS },
    to: { couldNotResolve: true },
  },
];

module.exports = {
  forbidden: [...runtimeRules(), ...engineRules(), ...packageRules(), ...otherRules].flatMap(withExceptions),
  options: {
    // Type-only imports count: a type from better-sqlite3 brings Node into the pure layer.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^out/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'types', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

// Not part of dependency-cruiser's schema (it refuses unknown keys), so not enumerable: for scripts/check-layers.mjs.
Object.defineProperty(module.exports, 'exceptions', { value: EXCEPTIONS });
