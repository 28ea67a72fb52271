import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation: the single place its method, path and shapes are written.
 * Handlers, the typed client and the served OpenAPI document are all derived from it.
 */
export interface OperationDef {
  /** operationId as in the reference OpenAPI description, so our document and theirs line up. */
  id: string;
  method: HttpMethod;
  /** Path with `{param}` placeholders, including the `/v1` prefix. */
  path: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A few operations accept no body at all (the documents mark theirs optional). */
  bodyOptional?: boolean;
  /** The most the JSON body may hold, in bytes, where 1 MiB (`DEFAULT_MAX_BODY_BYTES`) is too little: files, scripts, specs. */
  maxBodyBytes?: number;
  /** Status of a successful answer. */
  success: 200 | 201 | 204 | 205;
  /** Absent when the success answer is empty. */
  response?: z.ZodType;
  /** The media type of the success answer when it is not JSON (a file's bytes). */
  responseType?: string;
  deprecated?: boolean;
  /**
   * Folio's own operation, beyond the reference API: the served OpenAPI marks it with
   * `x-folio-extension` and the `folio-extensions` tag, so a reader of the description tells them apart.
   */
  extension?: boolean;
}

export function defineOperation<const T extends OperationDef>(def: T): T {
  return def;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: parsed, validated and defaulted. */
export interface OperationInput<Op extends OperationDef> {
  params: Out<Op['params']>;
  query: Out<Op['query']>;
  body: Out<Op['body']>;
}

/** What a handler answers with (before serialisation). */
export type OperationOutput<Op extends OperationDef> = Op['response'] extends z.ZodType
  ? z.input<Op['response']>
  : undefined;

/** What a client sends. */
export interface OperationRequest<Op extends OperationDef> {
  params: Op['params'] extends z.ZodType ? z.input<Op['params']> : undefined;
  query?: Op['query'] extends z.ZodType ? Partial<z.input<Op['query']>> : undefined;
  body?: Op['body'] extends z.ZodType ? z.input<Op['body']> : undefined;
}

/** What a client receives. */
export type OperationResponse<Op extends OperationDef> = Op['response'] extends z.ZodType
  ? z.output<Op['response']>
  : undefined;

export type Contract = Record<string, OperationDef>;
