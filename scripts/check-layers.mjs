// `npm run check:layers`: every import of src-shared, src-main and src-renderer against the
// allowlists of .dependency-cruiser.cjs (docs/architecture.md). A forbidden import fails with the
// rule's name and why it exists; so does an exception that no longer matches any import (the list
// of exceptions only shrinks).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const config = require(join(root, '.dependency-cruiser.cjs'));
const LAYERS = ['src-shared', 'src-main', 'src-renderer'];

/** @returns {{ modules: { source: string; dependencies: { resolved: string; module: string }[] }[]; summary: { violations: { rule: { name: string }; from: string; to: string }[] } }} */
function cruise() {
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  // Its cache (files' contents and the rules) keeps what did not change since the last run: ~3 s of CPU where a full cruise is ~8 s.
  const cache = ['--cache', 'node_modules/.cache/dependency-cruiser', '--cache-strategy', 'content'];
  const args = [bin, ...LAYERS, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...cache];
  // Violations do not change the exit status with the json reporter; a crash (bad config) does.
  return JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }));
}

const result = cruise();
/** @type {Map<string, string>} */
const comments = new Map(config.forbidden.map((/** @type {{ name: string; comment: string }} */ rule) => [rule.name, rule.comment]));
const problems = [];

for (const violation of result.summary.violations) {
  const name = violation.rule.name;
  problems.push(`${name}: ${violation.from} → ${violation.to}\n    ${comments.get(name) ?? ''}`);
}

/** @type {{ rule: string; from: string; to: string; why: string }[]} */
const exceptions = config.exceptions;
const imports = new Set(result.modules.flatMap((module) => module.dependencies.flatMap((dep) => [`${module.source} ${dep.resolved}`, `${module.source} ${dep.module}`])));
for (const exception of exceptions) {
  if (!imports.has(`${exception.from} ${exception.to}`)) {
    problems.push(`stale exception (${exception.rule}): ${exception.from} no longer imports ${exception.to}; remove it from EXCEPTIONS in .dependency-cruiser.cjs`);
  }
}

const files = result.modules.filter((module) => LAYERS.some((layer) => module.source.startsWith(`${layer}/`))).length;
if (problems.length > 0) {
  console.error(`check:layers: ${problems.length} problem(s) in ${files} files (docs/architecture.md says what each layer may import)\n`);
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  process.exit(1);
}
console.log(`check:layers: ${files} files follow their layers' rules (${exceptions.length} known exceptions in .dependency-cruiser.cjs)`);
