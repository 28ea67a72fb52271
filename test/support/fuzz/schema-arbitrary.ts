import fc from 'fast-check';

/** JSON Schema (draft 2020-12) as zod writes it for the contract. */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Where generated ids come from: ids of rows the fixtures built, by what the field names; `fallback` when there are none. */
export type IdSource = (field: string, fallback: fc.Arbitrary<string>) => fc.Arbitrary<string>;

const ENTITY_ID = '^[a-zA-Z0-9_-]+$';

/**
 * Values a JSON Schema accepts, as a fast-check arbitrary: what the contract says each operation
 * takes, derived from the contract itself (through zod's JSON Schema), so that the fuzzer follows
 * the contract as it changes. Strings matching the id pattern come from `ids` when it knows the
 * field, so that requests reach real rows. Recursion (a `Document`'s blocks) stops at `maxDepth`.
 */
export function arbitraryOf(schema: JsonSchema, ids: IdSource, maxDepth = 4): fc.Arbitrary<unknown> {
  const defs = schema.$defs ?? {};
  const build = (node: JsonSchema, field: string, depth: number): fc.Arbitrary<unknown> => {
    if (node.$ref) {
      if (depth > maxDepth) return fc.constant(undefined);
      return build(defs[node.$ref.replace('#/$defs/', '')] ?? {}, field, depth + 1);
    }
    if (node.const !== undefined) return fc.constant(node.const);
    if (node.enum) return fc.constantFrom(...node.enum);
    const options = node.anyOf ?? node.oneOf;
    if (options) return fc.oneof(...options.map((option) => build(option, field, depth)));
    if (node.allOf) return build(Object.assign({}, ...node.allOf), field, depth);
    const type = Array.isArray(node.type) ? node.type[0] : node.type;
    switch (type) {
      case 'object':
        return objectOf(node, field, depth);
      case 'array': {
        if (depth > maxDepth) return fc.constant([]);
        const min = node.minItems ?? 0;
        const max = Math.min(node.maxItems ?? min + 3, min + 3);
        return fc.array(build(node.items ?? {}, field, depth + 1), { minLength: min, maxLength: max });
      }
      case 'string':
        return stringOf(node, field);
      case 'integer':
      case 'number':
        return numberOf(node, type === 'integer');
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };

  const objectOf = (node: JsonSchema, field: string, depth: number): fc.Arbitrary<unknown> => {
    const properties = Object.entries(node.properties ?? {});
    const required = new Set(node.required ?? []);
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of properties) {
      // Past the depth, optional properties are left out: recursive shapes end there.
      if (!required.has(key) && depth > maxDepth) continue;
      parts[key] = build(property, key, depth + 1);
    }
    const requiredKeys = properties.map(([key]) => key).filter((key) => required.has(key));
    const known = fc.record(parts, { requiredKeys });
    if (node.additionalProperties === false || properties.length > 0 || depth > maxDepth) return known.map(dropUndefined);
    // A record (`{additionalProperties: schema}`): a few keys of its own.
    const values = typeof node.additionalProperties === 'object' ? build(node.additionalProperties, field, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    const keys = node.propertyNames ? (stringOf(node.propertyNames, field) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: 8 });
    return fc.dictionary(keys, values, { maxKeys: 3 }).map(dropUndefined);
  };

  const stringOf = (node: JsonSchema, field: string): fc.Arbitrary<unknown> => {
    const min = node.minLength ?? 0;
    const max = Math.max(min, Math.min(node.maxLength ?? 40, 40));
    const fits = (value: string) => value.length >= min && value.length <= (node.maxLength ?? Infinity);
    if (node.pattern === ENTITY_ID) {
      const random = fc.stringMatching(/^[a-zA-Z0-9_-]{1,20}$/);
      return fc.oneof({ weight: 4, arbitrary: ids(field, random) }, { weight: 1, arbitrary: random });
    }
    switch (node.format) {
      case 'uri':
        return fc.oneof(fc.webUrl(), fc.constant('http://127.0.0.1:1/spec.json'));
      case 'email':
        return fc.emailAddress();
      case 'date-time':
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
      case 'base64':
        return fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64'));
      case 'emoji':
        return fc.constantFrom('📘', '✅', '🚀', '');
    }
    if (node.pattern) return matching(node.pattern).filter(fits);
    return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.string({ unit: 'grapheme', minLength: min, maxLength: max })).filter(fits);
  };

  return build(schema, '', 0);
}

/** Strings a pattern matches; fast-check cannot generate from lookarounds, so those are generated without them and kept when the whole pattern matches. */
function matching(pattern: string): fc.Arbitrary<string> {
  const full = new RegExp(pattern);
  try {
    return fc.stringMatching(full);
  } catch {
    const loose = new RegExp(pattern.replace(/\(\?<?[=!](?:\\.|[^()\\])*\)/g, ''));
    return fc.stringMatching(loose).filter((value) => full.test(value));
  }
}

function numberOf(node: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -1000);
  const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : 1000);
  const low = Math.max(min, -1_000_000);
  const high = Math.min(max, 1_000_000);
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(Math.max(low, high)) });
  return fc.double({ min: low, max: Math.max(low, high), noNaN: true, noDefaultInfinity: true });
}

function dropUndefined(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined));
}
