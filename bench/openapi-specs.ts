import { validate } from '@readme/openapi-parser';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { parseSpec } from '../src-main/engine/services/openapi-processing/parse-spec.js';
import { median, repeat, timed, type Timing } from './timing.js';

/**
 * OpenAPI spec processing (docs/openapi-specs.md) on a generated OpenAPI 3.1 document of
 * `operations` operations (4 a path, one tag per 20 operations, a schema per resource), against
 * a baseline measured in the same run: `@readme/openapi-parser`'s `validate` of the same text
 * (JSON.parse included), as a program that only validates would call it. Then through the engine
 * in-process: Folio's parse and validation step alone, processing a new source (request, parse,
 * validation, version cut), applying the `openapi-reference` template (its pages generated and
 * written, projected and indexed), and processing a new version that rewrites those pages.
 * Medians of `RUNS`; wall and CPU milliseconds (the CPU of this process, engine and caller both).
 */
const RUNS = 5;

export async function benchOpenAPISpecs(operations = 500): Promise<Record<string, Timing>> {
  const text = (version: number) => JSON.stringify(generatedSpec(operations, version));
  const figures: Record<string, Timing> = {};
  // One of each first, so that neither pays for loading and compiling the validator.
  await validateOnly(text(0));
  await parseSpec(text(0));
  figures['baseline: JSON.parse + validate'] = median(await repeat(RUNS, () => timed(() => validateOnly(text(0)))));
  figures['Folio parseSpec (parse + validate)'] = median(await repeat(RUNS, () => timed(() => parseSpec(text(0)))));

  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-openapi-'));
  const engine = new Engine({ dataDir: dir });
  try {
    bootstrapIfEmpty(engine);
    const call = caller(engine, readFileSync(join(dir, 'token'), 'utf8').trim());
    const organizationId = ((await call('GET', '/v1/orgs')) as { items: { id: string }[] }).items[0]!.id;
    const specs = `/v1/orgs/${organizationId}/openapi`;
    const processed = (version: number) => async () => {
      await call('PUT', `${specs}/bench`, { source: { text: text(version) } });
      await engine.openapi.whenIdle();
    };
    let version = 0;
    figures['new source processed, version cut'] = median(await repeat(RUNS, () => timed(processed(++version))));

    const template = { id: 'openapi-reference', params: { contentRefs: { spec: { kind: 'openapi', spec: 'bench' } } } };
    const newSpace = async () => ((await call('POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Reference' })) as { id: string }).id;
    const spaceIds: string[] = [];
    figures['openapi-reference template applied'] = median(
      await repeat(RUNS, async () => {
        const spaceId = await newSpace();
        spaceIds.push(spaceId);
        return timed(() => call('POST', `/v1/spaces/${spaceId}/content/template`, template));
      }),
    );
    const pages = ((await call('GET', `/v1/spaces/${spaceIds[0]}/content/pages`)) as { pages: { pages: unknown[] }[] }).pages;
    const perSpace = pages.length + pages[0]!.pages.length;
    figures[`new version, ${RUNS * perSpace} computed pages rewritten`] = median(await repeat(RUNS, () => timed(processed(++version))));

    console.log(`\nOpenAPI specs: a generated 3.1 document of ${operations} operations (${(text(0).length / 1024).toFixed(0)} KiB), medians of ${RUNS}, load average ${loadavg()[0]!.toFixed(1)}`);
    const baseline = figures['baseline: JSON.parse + validate']!;
    console.table(
      Object.entries(figures).map(([step, t]) => ({
        step,
        ms: Math.round(t.ms),
        'cpu ms': Math.round(t.cpuMs),
        'x baseline (cpu)': Number((t.cpuMs / baseline.cpuMs).toFixed(2)),
      })),
    );
    return figures;
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function validateOnly(text: string): Promise<void> {
  const result = await validate(JSON.parse(text), { resolve: { external: false } });
  if (!result.valid) throw new Error(`the generated spec is invalid: ${result.errors[0]?.message}`);
}

const METHODS = ['get', 'put', 'delete', 'post'] as const;

/** `operations` operations over resources of 4 operations each; `version` changes a description, so the text differs. */
function generatedSpec(operations: number, version: number) {
  const resources = Math.ceil(operations / METHODS.length);
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  for (let r = 0; r < resources; r++) {
    const name = `Resource${r}`;
    const tag = `group-${Math.floor((r * METHODS.length) / 20)}`;
    schemas[name] = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string', description: `The name of ${name}` }, size: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } } },
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    const path: Record<string, unknown> = { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] };
    METHODS.slice(0, Math.min(METHODS.length, operations - r * METHODS.length)).forEach((method) => {
      path[method] = {
        operationId: `${method}${name}`,
        tags: [tag],
        summary: `${method.toUpperCase()} a ${name}`,
        description: `Version ${version}: ${method} one ${name} by id.`,
        ...(method === 'put' || method === 'post' ? { requestBody: { required: true, content: { 'application/json': { schema: ref } } } } : {}),
        responses: {
          '200': { description: 'The resource', content: { 'application/json': { schema: ref } } },
          '404': { description: 'No such resource' },
        },
      };
    });
    paths[`/resources${r}/{id}`] = path;
  }
  return { openapi: '3.1.0', info: { title: 'Generated API', version: `1.${version}.0` }, paths, components: { schemas } };
}

function caller(engine: Engine, token: string) {
  return async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> => {
    const response = await engine.request({ method, path, headers: { authorization: `Bearer ${token}` }, body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchOpenAPISpecs();
