import { z } from 'zod';
import { Timestamp } from './common.js';

/** The fixed description the documents give the `unsigned` claims object. */
export const UNSIGNED_CLAIMS_DESCRIPTION = 'Unsigned claims of the site visitor.';

/**
 * The documented shape of a site's adaptive schema, itself as a JSON Schema (draft-07): an object
 * schema whose properties are boolean claims, plus `unsigned`, an object of boolean claims; no
 * additional properties anywhere. The engine checks a submitted schema against it with ajv.
 */
export const ADAPTIVE_SCHEMA_SHAPE = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
  properties: {
    $schema: { const: 'http://json-schema.org/draft-07/schema#' },
    type: { const: 'object' },
    additionalProperties: { const: false },
    properties: {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          required: ['type', 'description', 'properties', 'additionalProperties'],
          additionalProperties: false,
          properties: {
            type: { const: 'object' },
            description: { const: UNSIGNED_CLAIMS_DESCRIPTION },
            properties: { type: 'object', additionalProperties: { $ref: '#/definitions/claim' } },
            additionalProperties: { const: false },
          },
        },
      },
      additionalProperties: { $ref: '#/definitions/claim' },
    },
  },
  definitions: {
    claim: {
      type: 'object',
      required: ['type', 'description'],
      additionalProperties: false,
      properties: { type: { const: 'boolean' }, description: { type: 'string' } },
    },
  },
} as const;

export const SiteAdaptiveJSONSchema = z
  .record(z.string(), z.unknown())
  .meta({
    id: 'SiteAdaptiveJSONSchema',
    description:
      'A JSON Schema draft-07 object schema: boolean claims, and `unsigned`, an object of boolean claims; no additional properties.',
  });

export const SiteAdaptiveSchema = z
  .object({ object: z.literal('site-adaptive-schema'), jsonSchema: SiteAdaptiveJSONSchema, updatedAt: Timestamp })
  .meta({ id: 'SiteAdaptiveSchema' });

export const SiteAdaptiveTemplateCondition = z
  .object({ description: z.string(), condition: z.string() })
  .meta({ id: 'SiteAdaptiveTemplateCondition' });
