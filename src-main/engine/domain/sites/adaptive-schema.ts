import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ADAPTIVE_SCHEMA_SHAPE } from '../../../../src-shared/contract/site-adaptive-schema.js';
import { badRequest, type Failure } from '../../core/pipeline/failure.js';

/**
 * Draft-07 is ajv's own draft: it checks that a schema is one, and ours against the documented
 * shape. Made on first use: compiling the shape is ~0.1 s of CPU, which every process holding the
 * engine paid at its start.
 */
let checker: { ajv: Ajv; matchesShape: ValidateFunction } | undefined;
function adaptiveSchemaChecker(): { ajv: Ajv; matchesShape: ValidateFunction } {
  if (!checker) {
    const ajv = new Ajv({ allErrors: false, strict: false });
    checker = { ajv, matchesShape: ajv.compile(ADAPTIVE_SCHEMA_SHAPE) };
  }
  return checker;
}

/** 400 naming the first problem when `jsonSchema` is no draft-07 schema of the documented shape. */
export function checkAdaptiveSchema(jsonSchema: Record<string, unknown>): Failure | undefined {
  // The shape first: it pins `$schema` to draft-07, which ajv must know to check the rest.
  const { ajv, matchesShape } = adaptiveSchemaChecker();
  if (!matchesShape(jsonSchema)) return problem('not an adaptive schema', matchesShape.errors);
  if (!ajv.validateSchema(jsonSchema)) return problem('not a JSON Schema draft-07', ajv.errors);
  return undefined;
}

function problem(what: string, errors: ErrorObject[] | null | undefined): Failure {
  const error = errors?.[0];
  const where = error ? error.instancePath.split('/').filter(Boolean).join('.') : '';
  const field = where ? `body.jsonSchema.${where}` : 'body.jsonSchema';
  const detail = error ? `${error.message ?? 'invalid'}${allowed(error)}` : 'invalid';
  return badRequest(`${field}: ${what}: ${detail}`);
}

function allowed(error: ErrorObject): string {
  const params = error.params as { additionalProperty?: string; allowedValue?: unknown };
  if (params.additionalProperty !== undefined) return ` (${JSON.stringify(params.additionalProperty)})`;
  if (params.allowedValue !== undefined) return ` (${JSON.stringify(params.allowedValue)})`;
  return '';
}

interface Claim {
  description: string;
}

interface AdaptiveSchemaShape {
  properties: Record<string, Claim | { properties: Record<string, Claim> }>;
}

/** One suggested condition per boolean claim of the schema: the claim being true. */
export function templateConditions(jsonSchema: Record<string, unknown>): { description: string; condition: string }[] {
  const { properties } = jsonSchema as unknown as AdaptiveSchemaShape;
  const { unsigned, ...signed } = properties;
  const unsignedClaims = unsigned && 'properties' in unsigned ? unsigned.properties : {};
  return [
    ...Object.entries(signed as Record<string, Claim>).map(([name, claim]) => suggestion('visitor.claims', name, claim)),
    ...Object.entries(unsignedClaims).map(([name, claim]) => suggestion('visitor.claims.unsigned', name, claim)),
  ];
}

function suggestion(base: string, name: string, claim: Claim) {
  const access = /^[A-Za-z_$][\w$]*$/.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`;
  return { description: claim.description, condition: `${access} == true` };
}
