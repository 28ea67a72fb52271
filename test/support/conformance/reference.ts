import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The public client and description Folio follows: exactly this version (REFERENCE.md: it matches the documents best). */
export const REFERENCE_VERSION = '0.146.0';

export type JsonSchema = Record<string, any>;

interface ReferenceResponse {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface ReferenceOperation {
  operationId: string;
  method: string;
  /** As the reference writes it: no `/v1` prefix. */
  path: string;
  /** Declared responses by status (`200`, `404`, `default`), `$ref`s to shared responses resolved. */
  responses: Record<string, { pointer: string; schema?: JsonSchema }>;
}

export interface Reference {
  version: string;
  /** The description as published. */
  document: JsonSchema;
  /** Keyed by `METHOD /path/{}/with/{}/placeholders`, parameter names left out (ours and theirs differ). */
  operations: Map<string, ReferenceOperation>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `GET /v1/orgs/{organizationId}` and `GET /orgs/{orgId}` have the same key. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/^\/v1(?=\/)/, '').replace(/\{[^}]+\}/g, '{}')}`;
}

export const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Reads `@gitbook/api`'s own `spec/openapi.json`, refusing any other version than the one the documents match. */
export function loadReference(): Reference {
  const specPath = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
  // The package exports no package.json; it sits one folder above its spec.
  const { version } = JSON.parse(readFileSync(join(dirname(specPath), '..', 'package.json'), 'utf8')) as { version: string };
  if (version !== REFERENCE_VERSION) {
    throw new Error(`@gitbook/api ${version} is installed; the conformance checks need exactly ${REFERENCE_VERSION} (npm ci)`);
  }
  const document = JSON.parse(readFileSync(specPath, 'utf8')) as JsonSchema;
  const operations = new Map<string, ReferenceOperation>();
  for (const [path, item] of Object.entries<JsonSchema>(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const responses: ReferenceOperation['responses'] = {};
      for (const [status, declared] of Object.entries<JsonSchema>(op.responses ?? {})) {
        const [pointer, response] = declared.$ref
          ? [declared.$ref as string, resolve(document, declared.$ref) as ReferenceResponse]
          : [`#/paths/${escapePointer(path)}/${method}/responses/${status}`, declared as ReferenceResponse];
        const json = response.content?.['application/json'];
        responses[status] = { pointer: `${pointer}/content/application~1json/schema`, schema: json?.schema };
      }
      operations.set(operationKey(method, path), { operationId: op.operationId, method: method.toUpperCase(), path, responses });
    }
  }
  return { version, document, operations };
}

/**
 * The description as ajv validates it: OpenAPI 3.0's `nullable` and discriminated unions said in
 * JSON Schema (below). A new object; the published one is left as it is.
 */
export function validatable(document: JsonSchema): JsonSchema {
  const converted = asJsonSchema(document) as JsonSchema;
  chooseByDiscriminator(converted, converted);
  return converted;
}

/**
 * Replaces what stands at a JSON pointer (`/components/schemas/X/required`), or appends to an
 * array at `…/-` (as JSON Patch does); the place must exist.
 */
export function setAt(document: JsonSchema, pointer: string, value: unknown): void {
  const segments = pointer.split('/').slice(1).map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = segments.pop()!;
  const parent = segments.reduce<any>((node, segment) => node?.[segment], document);
  if (last === '-' && Array.isArray(parent)) parent.push(value);
  else if (parent === undefined || !(last in parent)) throw new Error(`nothing at ${pointer} in the reference description`);
  else parent[last] = value;
}

/** The operations whose success answers can hold the component `name`, through any depth of `$ref`s. */
export function answersHolding(reference: Reference, name: string): string[] {
  const schemas = reference.document.components.schemas as Record<string, JsonSchema>;
  const holds = new Map<string, boolean>();
  const reaches = (node: unknown, seen: Set<string>): boolean => {
    if (node === null || typeof node !== 'object') return false;
    const ref = (node as JsonSchema).$ref as string | undefined;
    if (ref?.startsWith('#/components/schemas/')) {
      const target = ref.slice('#/components/schemas/'.length);
      if (target === name) return true;
      if (holds.has(target)) return holds.get(target)!;
      if (seen.has(target)) return false;
      seen.add(target);
      const found = reaches(schemas[target], seen);
      holds.set(target, found);
      return found;
    }
    return Object.values(node).some((child) => reaches(child, seen));
  };
  return [...reference.operations.values()]
    .filter((op) => Object.entries(op.responses).some(([status, r]) => status.startsWith('2') && reaches(r.schema, new Set())))
    .map((op) => op.operationId);
}

const SCHEMAS = '/components/schemas/';

/**
 * For each component schema of `document`, the keys of the `places` (JSON pointers) that it holds
 * or reaches through `$ref`s to other components, at any depth.
 */
export function placesReached<K>(document: JsonSchema, places: ReadonlyMap<K, string>): Map<string, Set<K>> {
  const schemas = document.components.schemas as Record<string, JsonSchema>;
  const reached = new Map(Object.keys(schemas).map((name) => [name, new Set<K>()]));
  for (const [key, pointer] of places) {
    const name = componentOf(pointer);
    if (name !== undefined) reached.get(name)?.add(key);
  }
  const refers = new Map(Object.entries(schemas).map(([name, schema]) => [name, componentsReferred(schema, new Set())]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, targets] of refers) {
      const own = reached.get(name)!;
      for (const target of targets) {
        for (const key of reached.get(target) ?? []) {
          if (own.has(key)) continue;
          own.add(key);
          changed = true;
        }
      }
    }
  }
  return reached;
}

/** The component a pointer (`/components/schemas/X/…`) or a `$ref` (`#/components/schemas/X/…`) is in, if any. */
function componentOf(pointer: string): string | undefined {
  const path = pointer.replace(/^#/, '');
  if (!path.startsWith(SCHEMAS)) return undefined;
  return path.slice(SCHEMAS.length).split('/')[0]!.replaceAll('~1', '/').replaceAll('~0', '~');
}

function componentsReferred(node: unknown, into: Set<string>): Set<string> {
  if (node === null || typeof node !== 'object') return into;
  const ref = (node as JsonSchema).$ref;
  const name = typeof ref === 'string' ? componentOf(ref) : undefined;
  if (name !== undefined) into.add(name);
  for (const child of Object.values(node)) componentsReferred(child, into);
  return into;
}

function resolve(document: JsonSchema, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((node, segment) => node?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')], document);
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: the reference puts it beside `$ref`, `allOf` and
 * `enum`, where ajv's own support (beside `type` only) does not reach.
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, asJsonSchema(value)]));
  if (nullable === true) return { anyOf: [converted, { type: 'null' }] };
  if (typeof nullable === 'boolean') return converted;
  return nullable === undefined ? converted : { ...converted, nullable: asJsonSchema(nullable) };
}

/**
 * A `oneOf` whose variants each fix a property (`discriminator`, or else `type` or `kind` when
 * their values do not overlap: the Document block unions) becomes a chain of `if`/`then` on that
 * property, so that a failure names what is wrong in the variant the body chose, not in every
 * other variant (ajv's own `discriminator` support needs simpler variants than the reference's).
 */
function chooseByDiscriminator(node: unknown, document: JsonSchema): void {
  if (node === null || typeof node !== 'object') return;
  for (const child of Object.values(node)) chooseByDiscriminator(child, document);
  const schema = node as JsonSchema;
  if (!Array.isArray(schema.oneOf)) return;
  const candidates: string[] = schema.discriminator?.propertyName ? [schema.discriminator.propertyName] : ['type', 'kind'];
  for (const property of candidates) {
    const variants = (schema.oneOf as JsonSchema[]).map((variant) => ({ variant, values: valuesOf(variant, property, document) }));
    const every = variants.flatMap((v) => v.values);
    if (variants.some((v) => v.values.length === 0) || new Set(every).size !== every.length) continue;
    const unknown: JsonSchema = { properties: { [property]: { enum: every } }, required: [property] };
    const chain = variants.reduceRight<JsonSchema>(
      (otherwise, { variant, values }) => ({ if: { properties: { [property]: { enum: values } }, required: [property] }, then: variant, else: otherwise }),
      unknown,
    );
    delete schema.oneOf;
    delete schema.discriminator;
    schema.allOf = [...(schema.allOf ?? []), chain];
    return;
  }
}

/** The values of `property` a variant admits: its `enum` or `const`, through `$ref`s, `allOf`s and nested unions. */
function valuesOf(variant: JsonSchema, property: string, document: JsonSchema): unknown[] {
  if (variant.$ref) return valuesOf(resolve(document, variant.$ref as string) as JsonSchema, property, document);
  // A union already made a chain: its last `else` admits every value of the chain.
  if (variant.if && variant.else) return valuesOf(variant.else as JsonSchema, property, document);
  const own = variant.properties?.[property];
  if (own?.enum) return own.enum as unknown[];
  if (own && 'const' in own) return [own.const];
  if (Array.isArray(variant.oneOf)) {
    const each = (variant.oneOf as JsonSchema[]).map((part) => valuesOf(part, property, document));
    return each.some((values) => values.length === 0) ? [] : each.flat();
  }
  return ((variant.allOf ?? []) as JsonSchema[]).flatMap((part) => valuesOf(part, property, document));
}
