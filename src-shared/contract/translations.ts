import { z } from 'zod';
import { EntityId, JSONDocument, ListQuery, Timestamp, TranslationLanguage, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { orgs } from './orgs.js';

/** Translated copies of spaces (Part B, "Translations"; docs/translations.md). */

export const TranslationStatus = z.enum(['pending', 'running', 'completed']).meta({ id: 'TranslationStatus' });
export type TranslationStatus = z.infer<typeof TranslationStatus>;

export const TranslationSource = z.object({ space: EntityId, language: TranslationLanguage }).meta({ id: 'TranslationSource' });

/** Why the latest run ended without translating (Folio's field: the reference's status has no failed value). */
export const TranslationErrorCode = z
  .enum(['NO_TRANSLATOR', 'TRANSLATOR_UNAVAILABLE', 'TRANSLATOR_ERROR', 'SOURCE_UNAVAILABLE'])
  .meta({ id: 'TranslationErrorCode' });
export type TranslationErrorCode = z.infer<typeof TranslationErrorCode>;

export const TranslationRunError = z.object({ code: TranslationErrorCode, message: z.string() }).meta({ id: 'TranslationRunError' });
export type TranslationRunError = z.infer<typeof TranslationRunError>;

export const Translation = z
  .object({
    object: z.literal('translation'),
    id: z.string(),
    status: TranslationStatus,
    source: TranslationSource,
    language: TranslationLanguage,
    instructions: JSONDocument,
    result: z.object({ space: z.string(), revision: z.string(), language: TranslationLanguage }).optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    stats: z.object({
      runs: z.number().int(),
      totalWords: z.number().int(),
      totalPages: z.number().int(),
      totalDuration: z.number().int(),
      latestRunDuration: z.number().int(),
      latestPages: z.number().int(),
      latestWords: z.number().int(),
    }),
    /** Present while the latest finished run failed: nothing was written by it. */
    lastRunError: TranslationRunError.optional(),
    permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'Translation' });

const OrgParams = orgs.getOrganizationById.params;
const TranslationParams = OrgParams.extend({ translationId: z.string().min(1) });
const BASE = '/v1/orgs/{organizationId}/translations';

export const translations = {
  listTranslations: defineOperation({
    id: 'listTranslations',
    method: 'GET',
    path: BASE,
    summary: 'List the translations of an organization',
    params: OrgParams,
    query: ListQuery,
    success: 200,
    response: listOf(Translation),
  }),
  createTranslation: defineOperation({
    id: 'createTranslation',
    method: 'POST',
    path: BASE,
    summary: 'Create a translation of a space; its first run starts in the background',
    params: OrgParams,
    body: z.object({ language: TranslationLanguage, source: TranslationSource, instructions: JSONDocument.optional() }),
    success: 201,
    response: Translation,
  }),
  getTranslation: defineOperation({
    id: 'getTranslation',
    method: 'GET',
    path: `${BASE}/{translationId}`,
    summary: 'Get a translation',
    params: TranslationParams,
    success: 200,
    response: Translation,
  }),
  updateTranslation: defineOperation({
    id: 'updateTranslation',
    method: 'PUT',
    path: `${BASE}/{translationId}`,
    summary: "Replace a translation's instructions; the next run translates every page with them",
    params: TranslationParams,
    body: z.object({ instructions: JSONDocument }),
    success: 200,
    response: Translation,
  }),
  deleteTranslation: defineOperation({
    id: 'deleteTranslation',
    method: 'DELETE',
    path: `${BASE}/{translationId}`,
    summary: 'Delete a translation; its result space stays',
    params: TranslationParams,
    success: 204,
  }),
  runTranslation: defineOperation({
    id: 'runTranslation',
    method: 'POST',
    path: `${BASE}/{translationId}/run`,
    summary: 'Run a translation again: pages changed since the last run are translated into the result space',
    params: TranslationParams,
    success: 204,
  }),
};
