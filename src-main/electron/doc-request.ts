/** What the renderer may send on `folio:doc`: a number of its own choosing and a doc's name. */
export interface DocRequest {
  id: number;
  docName: string;
}

export type DocRequestCheck = { ok: true; request: DocRequest } | { ok: false; id?: number; problem: string };

const MAX_NAME = 512;

export function checkDocRequest(payload: unknown): DocRequestCheck {
  if (typeof payload !== 'object' || payload === null || Object.getPrototypeOf(payload) !== Object.prototype) {
    return refuse(undefined, 'the request must be a plain object');
  }
  const { id, docName, ...rest } = payload as Record<string, unknown>;
  if (!Number.isSafeInteger(id)) return refuse(undefined, 'id must be a whole number');
  const known = id as number;
  const unexpected = Object.keys(rest)[0];
  if (unexpected !== undefined) return refuse(known, `unexpected field "${unexpected}"`);
  if (typeof docName !== 'string' || docName.length === 0 || docName.length > MAX_NAME) {
    return refuse(known, `docName must be a doc id of 1 to ${MAX_NAME} characters`);
  }
  return { ok: true, request: { id: known, docName } };
}

function refuse(id: number | undefined, problem: string): DocRequestCheck {
  return { ok: false, id, problem: `Bad doc request: ${problem}` };
}
