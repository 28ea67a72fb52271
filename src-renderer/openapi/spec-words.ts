import type { Answer } from '../api/types.js';

export type OpenApiSpec = Answer<'getOpenAPISpecBySlug'>;
export type OpenApiSpecVersion = Answer<'getOpenAPISpecVersionById'>;
export type OpenApiSpecContent = Answer<'getOpenAPISpecVersionContentById'>;

const STATE_WORDS: Record<OpenApiSpec['processingState'], string> = {
  pending: 'Waiting to be processed',
  progress: 'Processing…',
  complete: 'Processed',
};

const ERROR_WORDS: Record<NonNullable<OpenApiSpec['lastProcessErrorCode']>, string> = {
  FETCH_TIMEOUT: 'The address did not answer in time.',
  FETCH_ERROR: 'The specification could not be fetched.',
  PARSE_ERROR: 'This is not a valid OpenAPI or Swagger specification.',
};

export function stateWords(spec: OpenApiSpec): string {
  return STATE_WORDS[spec.processingState];
}

export function errorWords(spec: OpenApiSpec): string | undefined {
  return spec.lastProcessErrorCode && ERROR_WORDS[spec.lastProcessErrorCode];
}

/** Processing runs in the background: a spec not yet complete is worth asking about again. */
export function isProcessing(spec: OpenApiSpec): boolean {
  return spec.processingState !== 'complete';
}

/** What a version's one file says about itself: its title, version and number of paths. */
export function describeContent(content: OpenApiSpecContent): { file: string; title?: string; version?: string; paths: number } {
  const [file, document] = Object.entries(content.filesystem)[0] ?? ['', undefined];
  const fields = isRecord(document) ? document : {};
  const info = isRecord(fields.info) ? fields.info : {};
  return {
    file,
    title: typeof info.title === 'string' ? info.title : undefined,
    version: typeof info.version === 'string' ? info.version : undefined,
    paths: isRecord(fields.paths) ? Object.keys(fields.paths).length : 0,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
