import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { DEPARTURES, type Departure } from './departures.js';
import { EXTENSIONS } from './extensions.js';
import {
  answersHolding, escapePointer, loadReference, operationKey, placesReached, setAt, validatable, type Reference, type ReferenceOperation,
} from './reference.js';

/** One answer of the engine, as the dispatcher gave it. */
export interface Answer {
  method: string;
  /** The operation's path template when a route matched (`/v1/orgs/{organizationId}`), else the path asked for. */
  path: string;
  /** Our operation id, when a route matched. */
  operation?: string;
  status: number;
  body: unknown;
}

export interface Violation {
  operation: string;
  status: number;
  message: string;
}

// ajv-formats is CommonJS with a default export.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

// ajv's standalone code generator, CommonJS too.
const standaloneCode = ((standaloneCodeModule as unknown as { default?: typeof standaloneCodeModule }).default ?? standaloneCodeModule) as typeof standaloneCodeModule;

const SPEC_ID = 'reference';
const ERROR_POINTER = '#/components/schemas/Error';

export interface CheckerOptions {
  /**
   * Validators compiled ahead (`standaloneCode`, compiled-validators.ts), by the key the checker
   * looks them up by; what is not among them is compiled on first use.
   */
  compiled?: Readonly<Record<string, ValidateFunction>>;
  /** Keep the compiled code's source, for `standaloneCode`. */
  source?: boolean;
}

/**
 * Checks answers against the reference description (`@gitbook/api@0.146.0`): the status must be one
 * it declares for the operation and the body must validate against its schema for that status.
 * Schemas are compiled once, on first use, unless compiled ahead (`options.compiled`).
 */
export class ReferenceChecker {
  private readonly reference: Reference;
  /** Made on the first schema to compile: with every validator compiled ahead, never. */
  private ajvMade?: Ajv;
  private readonly compiled: Map<string, ValidateFunction>;
  /** Ids of the descriptions amended by departures that ajv has. */
  private readonly patched = new Set<string>();
  /** The reference's operation ids each departure holds for. */
  private readonly departureOperations: ReadonlySet<string>[];

  constructor(
    reference = loadReference(),
    private readonly departures: readonly Departure[] = DEPARTURES,
    private readonly options: CheckerOptions = {},
  ) {
    this.reference = reference;
    this.departureOperations = departures.map(
      (d) => new Set('holding' in d.operations ? answersHolding(reference, d.operations.holding) : d.operations),
    );
    this.compiled = new Map(Object.entries(options.compiled ?? {}));
  }

  private get ajv(): Ajv {
    if (this.ajvMade) return this.ajvMade;
    // strict: false — the description is OpenAPI 3.0, with keywords JSON Schema lacks (`example`, `discriminator`, `x-…`).
    const ajv = new Ajv({ strict: false, allErrors: false, code: { source: this.options.source === true } });
    addFormats(ajv);
    // Formats the reference names and does not define: an emoji and an icon name are any string there.
    ajv.addFormat('emoji', true).addFormat('icon', true);
    ajv.addSchema({ ...validatable(this.reference.document), $id: SPEC_ID });
    return (this.ajvMade = ajv);
  }

  /** The reference's operation for an answer, undefined for Folio's own (EXTENSIONS). */
  referenceOperation(method: string, path: string): ReferenceOperation | undefined {
    return this.reference.operations.get(operationKey(method, path));
  }

  /** The reference's operation ids a departure holds for. */
  operationsOf(departure: Departure): ReadonlySet<string> {
    return this.departureOperations[this.departures.indexOf(departure)]!;
  }

  check(answer: Answer): Violation[] {
    const name = answer.operation ?? `${answer.method} ${answer.path}`;
    const violation = (message: string): Violation[] => [{ operation: name, status: answer.status, message }];
    if (answer.operation === undefined) return this.checkError(answer, undefined, name, violation);
    const op = this.referenceOperation(answer.method, answer.path);
    if (!op) {
      if (EXTENSIONS.has(answer.operation)) return [];
      return violation(`${answer.method} ${answer.path} is neither in @gitbook/api@${this.reference.version} nor a named Folio extension`);
    }
    if (answer.status >= 400) return this.checkError(answer, op, name, violation);
    const declared = op.responses[String(answer.status)];
    if (!declared) {
      const statuses = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      return violation(`status ${answer.status}; ${op.operationId} declares ${statuses.join(', ')}`);
    }
    if (!declared.schema) return answer.body === undefined ? [] : violation(`a body where ${op.operationId} ${answer.status} declares none`);
    if (answer.body === undefined) return violation(`no body where ${op.operationId} ${answer.status} declares one`);
    if (answer.body instanceof Uint8Array) return [];
    const errors = this.validate(this.departuresOf(op.operationId), declared.pointer, answer.body);
    return errors.map((error) => ({ operation: name, status: answer.status, message: describe(error) }));
  }

  /** An error: the reference's schema for the status (or its `default`, or the shared `Error`), with the status as its code; never a 5xx. */
  private checkError(answer: Answer, op: ReferenceOperation | undefined, name: string, violation: (m: string) => Violation[]): Violation[] {
    if (answer.status >= 500) return violation(`status ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (answer.status < 400) return violation(`status ${answer.status} with no matching operation`);
    const declared = op?.responses[String(answer.status)] ?? op?.responses.default;
    const pointer = declared?.schema ? declared.pointer : ERROR_POINTER;
    const errors = this.validate([], pointer, answer.body);
    const code = (answer.body as { error?: { code?: unknown } } | undefined)?.error?.code;
    if (errors.length === 0 && code !== answer.status) return violation(`error.code ${String(code)} under status ${answer.status}`);
    return errors.map((error) => ({ operation: name, status: answer.status, message: describe(error) }));
  }

  /**
   * ajv's standalone code (a CommonJS module) of every schema an answer of the reference's
   * operations can be checked against, exported under the keys `options.compiled` takes. The
   * checker must keep its compiled code's source (`options.source`).
   */
  standaloneCode(): string {
    const refs: Record<string, string> = {};
    for (const op of this.reference.operations.values()) {
      for (const [status, declared] of Object.entries(op.responses)) {
        if (!declared.schema) continue;
        const error = status === 'default' || Number(status) >= 400;
        const ref = this.described(error ? [] : this.departuresOf(op.operationId), declared.pointer);
        refs[ref] = ref;
      }
    }
    const error = this.described([], ERROR_POINTER);
    refs[error] = error;
    return standaloneCode(this.ajv, refs);
  }

  /** The departures (indices) that amend the reference description for one operation's answers. */
  private departuresOf(operationId: string): number[] {
    return this.departures.flatMap((_, i) => (this.departureOperations[i]!.has(operationId) ? [i] : []));
  }

  /** The key of the schema at `pointer` in the reference description as the departures `own` amend it, that description made for ajv. */
  private described(own: readonly number[], pointer: string): string {
    return `${this.patchedBy(own)}${pointer}`;
  }

  /**
   * The id of the reference description with the departures `own` (indices) applied. Only the
   * components that reach an amended place are its own; every other one refers to the description
   * amended by those of `own` it does reach, the reference itself for none. So a component is
   * compiled once for all the descriptions that read it alike: a copy of the whole document per
   * set of departures compiled the document's blocks again for each (~1 s of CPU a fork each).
   */
  private patchedBy(own: readonly number[]): string {
    const id = descriptionId(own);
    if (own.length === 0 || this.patched.has(id)) return id;
    const document = structuredClone(this.reference.document);
    for (const i of own) setAt(document, this.departures[i]!.at, this.departures[i]!.documents);
    const reached = placesReached(document, new Map(own.map((i) => [i, this.departures[i]!.at])));
    const converted = validatable(document);
    const schemas = converted.components.schemas as Record<string, unknown>;
    for (const name of Object.keys(schemas)) {
      const reaching = own.filter((i) => reached.get(name)!.has(i));
      if (reaching.length < own.length) schemas[name] = { $ref: `${this.patchedBy(reaching)}#/components/schemas/${escapePointer(name)}` };
    }
    this.ajv.addSchema({ ...converted, $id: id });
    this.patched.add(id);
    return id;
  }

  private validate(own: readonly number[], pointer: string, body: unknown): ErrorObject[] {
    let validate = this.compiled.get(`${descriptionId(own)}${pointer}`);
    if (!validate) {
      const ref = this.described(own, pointer);
      validate = this.ajv.getSchema(ref);
      if (!validate) throw new Error(`no schema at ${ref}`);
      this.compiled.set(ref, validate);
    }
    // What the wire carries: dates as text, no undefined members.
    const json: unknown = JSON.parse(JSON.stringify(body) ?? 'null');
    return validate(json) ? [] : (validate.errors ?? []);
  }
}

/** The id of the reference description as the departures `own` (indices) amend it. */
function descriptionId(own: readonly number[]): string {
  return own.length === 0 ? SPEC_ID : `${SPEC_ID}-${own.join('+')}`;
}

function describe(error: ErrorObject): string {
  const at = error.instancePath || '(body)';
  const params = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  return `${at} ${error.message ?? error.keyword}${params} [${error.schemaPath}]`;
}
