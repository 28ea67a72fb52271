import fc from 'fast-check';
import { z } from 'zod';
import type { OperationDef } from '../../../src-shared/contract/operation.js';
import type { IdPools } from './id-pools.js';
import { PROTOTYPE_KEYS, brokenBody, deepJsonText, deepValue, hugeArray, hugeText, markdownAttack, oddText, withKey } from './hostile-values.js';
import { arbitraryOf, type IdSource, type JsonSchema } from './schema-arbitrary.js';

/** One request the fuzzer sends, and what made it. */
export interface FuzzRequest {
  op: OperationDef;
  method: string;
  /** Path and query, as sent. */
  target: string;
  params: Record<string, string>;
  /** Which caller: the owner, a member of a low role, nobody, or a token that is none. */
  caller: 'owner' | 'member' | 'none' | 'garbage';
  body?: Buffer;
  contentType?: string;
  /** How the request was made, for the summary: `valid`, `mutated:…`, `hostile:…`, `broken`. */
  kind: string;
  /** False when a path parameter went out raw (`..`): another operation, or none, may have answered. */
  routed: boolean;
}

/** What one request is drawn from. */
interface Drawn {
  pick: number;
  params: string[];
  paramSource: 'context' | 'pools';
  query: unknown;
  queryExtras: string[];
  caller: FuzzRequest['caller'];
  body: Pick<FuzzRequest, 'body' | 'contentType' | 'kind'>;
}

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;

/**
 * Requests for one operation, valid and invalid, from the contract's own schemas: path ids from
 * real rows (`pools`) or not, query parameters as the schema has them plus prototype-named,
 * unknown and repeated ones, and bodies valid, mutated at one place, hostile as a whole, or
 * broken on the wire.
 */
export class OperationRequests {
  private readonly paramNames: string[];
  private readonly arbitrary: fc.Arbitrary<Drawn>;

  constructor(
    readonly op: OperationDef,
    private readonly pools: IdPools,
  ) {
    this.paramNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const ids = (field: string, fallback: fc.Arbitrary<string>) => pools.arbitraryFor(field, fallback);
    this.arbitrary = fc.record({
      pick: fc.nat(),
      params: fc.tuple(...this.paramNames.map((name) => this.paramArbitrary(name))),
      paramSource: fc.constantFrom<Drawn['paramSource']>('context', 'context', 'context', 'pools'),
      query: op.query ? arbitraryOf(toSchema(op.query), ids) : fc.constant({}),
      queryExtras,
      caller: fc.constantFrom<FuzzRequest['caller']>('owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'member', 'none', 'garbage'),
      body: this.bodyArbitrary(op.body ? toSchema(op.body) : undefined, ids),
    });
  }

  /** The request of seed `seed`; pools are read as they are now, so later requests reach rows that earlier ones made. */
  generate(seed: number): FuzzRequest {
    const drawn = fc.sample(this.arbitrary, { seed, numRuns: 1 })[0]!;
    const { pick, caller, body } = drawn;
    const context = drawn.paramSource === 'context' ? this.pools.contextFor(this.paramNames, pick) : undefined;
    const params: Record<string, string> = {};
    this.paramNames.forEach((name, i) => (params[name] = context?.[name] ?? drawn.params[i]!));
    let routed = true;
    const path = this.op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const segment = encodePathSegment(params[name]!);
      if (segment !== encode(params[name]!)) routed = false;
      return segment;
    });
    const query = [...queryPairs(this.validQuery(confineUrls(drawn.query) as Record<string, unknown>)), ...drawn.queryExtras];
    const target = query.length > 0 ? `${path}?${query.join('&')}` : path;
    return { op: this.op, method: this.op.method, target, params, caller, routed, ...body };
  }

  /**
   * The drawn query less what the operation would refuse (a made-up page cursor, a free string
   * where a boolean is meant): the schema's parameters go out valid, the extras are the hostile part.
   */
  private validQuery(query: Record<string, unknown>): Record<string, unknown> {
    const { page: _cursor, ...rest } = query;
    const checked = this.op.query?.safeParse(flatQuery(rest));
    for (const issue of checked?.success === false ? checked.error.issues : []) delete rest[String(issue.path[0])];
    return rest;
  }

  private paramArbitrary(name: string): fc.Arbitrary<string> {
    const real = fc.nat().map((pick) => {
      const known = this.pools.get(name);
      return known.length > 0 ? known[pick % known.length]! : 'none-yet';
    });
    return fc.oneof(
      { weight: 6, arbitrary: real },
      { weight: 2, arbitrary: fc.stringMatching(/^[a-zA-Z0-9_-]{1,24}$/) },
      { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, '..', '.', '%2e%2e', 'a'.repeat(3_000)) },
      { weight: 1, arbitrary: oddText },
    );
  }

  private bodyArbitrary(schema: JsonSchema | undefined, ids: IdSource): fc.Arbitrary<Pick<FuzzRequest, 'body' | 'contentType' | 'kind'>> {
    // A body mutated down to nothing (its root removed) goes out empty.
    const json = (kind: string) => (value: unknown) => ({ body: Buffer.from(JSON.stringify(confineUrls(value)) ?? ''), contentType: 'application/json', kind });
    if (!schema) {
      // No body is expected; now and then one is sent anyway.
      return fc.oneof(
        { weight: 9, arbitrary: fc.constant({ kind: 'valid' }) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json('hostile:unexpected-body')) },
      );
    }
    const valid = arbitraryOf(schema, ids);
    // Drawn from the JSON Schema, a body may still miss a refinement the schema cannot say: such ones are told apart.
    const checked = (value: unknown) => json(this.op.body!.safeParse(value).success ? 'valid' : 'valid-shaped')(value);
    return fc.oneof(
      { weight: 10, arbitrary: valid.map(checked) },
      { weight: 5, arbitrary: fc.tuple(valid, mutation).map(([value, [name, mutate]]) => json(`mutated:${name}`)(mutate(value))) },
      { weight: 1, arbitrary: valid.chain((value) => withMarkdown(value).map(json('hostile:markdown'))) },
      { weight: 1, arbitrary: deepJsonText.map((text) => ({ body: Buffer.from(text), contentType: 'application/json', kind: 'hostile:deep-json' })) },
      { weight: 1, arbitrary: hugeArray.map(json('hostile:huge-array')) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json('hostile:any-json')) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(brokenBody, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''))
          .map(([text, contentType]) => ({ body: Buffer.from(text), contentType, kind: 'broken' })),
      },
    );
  }
}

/** Parameters beside the schema's, now and then: prototype-named ones, unknown ones, repeated ones, odd and huge values. */
const queryExtraList = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), oddText).map(([key, value]) => `${key}=${encode(value)}`),
    fc.tuple(fc.constantFrom('limit', 'page', 'format', 'order', 'status'), fc.oneof(oddText, fc.constantFrom('-1', '1e3', '99999', 'true', ''))).map(
      ([key, value]) => `${key}=${encode(value)}`,
    ),
    fc.constantFrom('%', '%zz=1', 'a=%E0%A4%A', '=', '&&', 'a[b]=1', 'a[__proto__]=1', 'limit'),
    fc.integer({ min: 1_000, max: 8_000 }).map((length) => `q=${'a'.repeat(length)}`),
  ),
  { minLength: 1, maxLength: 3 },
);
const queryExtras = fc.oneof({ weight: 7, arbitrary: fc.constant<string[]>([]) }, { weight: 3, arbitrary: queryExtraList });

type Mutation = [string, (value: unknown) => unknown];

/** One change at one place of a valid body. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.constantFrom<unknown>(null, 0, -1, 1.5, true, '', 'x', [], {}, [[]], { a: 1 })).map(
    ([at, replacement]): Mutation => ['wrong-type', (value) => replaceAt(value, at, () => replacement)],
  ),
  fc.nat().map((at): Mutation => ['missing', (value) => replaceAt(value, at, () => undefined)]),
  fc.tuple(fc.nat(), fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 })).map(
    ([at, key, extra]): Mutation => ['prototype-key', (value) => replaceAt(value, at, (inner) => (isRecord(inner) ? withKey(inner, key, extra) : withKey({}, key, extra)))],
  ),
  fc.tuple(fc.nat(), hugeText).map(([at, text]): Mutation => ['huge-string', (value) => replaceAt(value, at, () => text)]),
  fc.tuple(fc.nat(), oddText).map(([at, text]): Mutation => ['odd-unicode', (value) => replaceAt(value, at, () => text)]),
  fc.tuple(fc.nat(), deepValue).map(([at, deep]): Mutation => ['deep', (value) => replaceAt(value, at, () => deep)]),
  fc.tuple(fc.nat(), hugeArray).map(([at, array]): Mutation => ['huge-array', (value) => replaceAt(value, at, () => array)]),
);

/** The value with the `at`-th place (in document order, modulo their number) replaced; undefined drops it. */
function replaceAt(value: unknown, at: number, replace: (inner: unknown) => unknown): unknown {
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0 && places.length < 500) {
    const inner = stack.pop();
    if (Array.isArray(inner)) inner.forEach((item, key) => (places.push({ parent: inner, key }), stack.push(item)));
    else if (isRecord(inner)) for (const [key, item] of Object.entries(inner)) places.push({ parent: inner, key }), stack.push(item);
  }
  if (places.length === 0) return replace(value);
  const { parent, key } = places[at % places.length]!;
  const replacement = replace((parent as Record<string | number, unknown>)[key]);
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else Object.defineProperty(parent, key, { value: replacement, enumerable: true, writable: true, configurable: true });
  return value;
}

/** A valid body whose every Markdown text is an attack. */
function withMarkdown(value: unknown): fc.Arbitrary<unknown> {
  return markdownAttack.map((attack) => {
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const inner = stack.pop();
      if (Array.isArray(inner)) for (const item of inner) stack.push(item);
      else if (isRecord(inner)) {
        if (typeof inner.markdown === 'string') inner.markdown = attack;
        for (const item of Object.values(inner)) stack.push(item);
      }
    }
    return value;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every URL a generated value holds, pointed at a closed loopback port: whatever the engine does
 * with a URL it was given (fetch a spec, connect to a hub), the fuzzer's traffic stays on this machine.
 */
export function confineUrls(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*/gi, 'http://127.0.0.1:9');
  if (Array.isArray(value)) return value.map(confineUrls);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) Object.defineProperty(out, key, { value: confineUrls(inner), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** Query values as the server sees them: strings. */
function flatQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : value === undefined ? value : String(value)]));
}

function queryPairs(query: Record<string, unknown>): string[] {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      pairs.push(`${encode(key)}=${encode(typeof item === 'string' ? item : JSON.stringify(item))}`);
    }
  }
  return pairs;
}

/** A path segment as sent: encoded, except now and then raw (a `/`, a `%` that is no escape). */
function encodePathSegment(value: string): string {
  return /^[%./]|%(?![0-9A-Fa-f]{2})/.test(value) ? value.replace(/\s/g, '%20') : encode(value);
}

/** Percent-encoding that takes lone surrogates too, as the bytes WTF-8 gives them (no valid UTF-8). */
function encode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    out += char.length === 1 && code >= 0xd800 && code <= 0xdfff ? wtf8(code) : encodeURIComponent(char);
  }
  return out;
}

function wtf8(code: number): string {
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
}
