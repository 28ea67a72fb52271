/** A request as every transport hands it to the pipeline: plain data, no framework objects. */
export interface ApiRequest {
  params: Record<string, string>;
  query: Record<string, string[]>;
  /** Parsed JSON, or undefined when there was no body. */
  body: unknown;
  /** A large body, left to be parsed in a worker thread (`body` is then undefined). */
  bodyText?: string;
  /** Set when the body was present but not JSON. */
  bodyError?: string;
  authorization?: string;
}

/** A response as every transport sends it back. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}
