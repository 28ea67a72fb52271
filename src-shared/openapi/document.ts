import { z } from 'zod';
import { ErrorBody } from '../contract/common.js';
import type { Contract, OperationDef } from '../contract/operation.js';

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input; the message names the field',
  '401': 'No valid bearer token',
  '403': 'The role of the caller does not allow this',
  '404': 'Not found',
  '409': 'Conflict, or the operation would not result in any update',
  '412': 'Precondition failed',
};

type JsonSchema = Record<string, unknown>;

/** The tag of Folio's own operations (`OperationDef.extension`). */
export const EXTENSIONS_TAG = 'folio-extensions';

/** The OpenAPI 3.1 description of the contract; named schemas become components. */
export function openApiDocument(contract: Contract, info: { title: string; version: string }): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const schema = (type: z.ZodType, io: 'input' | 'output'): JsonSchema => toSchema(type, io, components);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of Object.values(contract)) {
    const path = (paths[op.path] ??= {});
    path[op.method.toLowerCase()] = operationObject(op, schema);
  }
  components.Error = toSchema(ErrorBody, 'output', components);
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [{ name: EXTENSIONS_TAG, description: "Folio's own operations, beyond the reference API" }],
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}

function operationObject(op: OperationDef, schema: (t: z.ZodType, io: 'input' | 'output') => JsonSchema): JsonSchema {
  const parameters = [
    ...parametersOf(op.params, 'path', schema),
    ...parametersOf(op.query, 'query', schema),
  ];
  const responses: Record<string, JsonSchema> = {
    [op.success]: op.response
      ? { description: 'OK', content: { [op.responseType ?? 'application/json']: { schema: schema(op.response, 'output') } } }
      : { description: 'No content' },
  };
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(op.extension ? { tags: [EXTENSIONS_TAG], 'x-folio-extension': true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: schema(op.body, 'input') } } } }
      : {}),
    responses,
  };
}

function parametersOf(
  object: z.ZodObject | undefined,
  where: 'path' | 'query',
  schema: (t: z.ZodType, io: 'input' | 'output') => JsonSchema,
): JsonSchema[] {
  if (!object) return [];
  return Object.entries(object.shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: schema(field as z.ZodType, 'input'),
  }));
}

/** Converts with zod's own JSON Schema output, hoisting schemas that carry an `id` into components. */
function toSchema(type: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(type, { io, target: 'draft-2020-12', unrepresentable: 'any', reused: 'inline' });
  const result = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const { $defs, $schema: _ignored, ...rest } = result;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] ??= def;
  const own = (type.meta() as { id?: string } | undefined)?.id;
  if (own && !('$ref' in rest)) {
    components[own] ??= rest;
    return { $ref: `#/components/schemas/${own}` };
  }
  return rest;
}
