import { appendFileSync } from 'node:fs';
import type { AnswerObserver } from '../../../src-main/engine/api/dispatcher.js';
import { ReferenceChecker, type Answer, type Violation } from './checker.js';
import { compiledValidators } from './compiled-validators.js';

/** A file that collects every violation of a run as JSON lines (`FOLIO_REFERENCE_SURVEY=/tmp/v.jsonl npx vitest run`). */
const SURVEY = process.env.FOLIO_REFERENCE_SURVEY;

/**
 * Every answer an engine of the test harness gives is checked against `@gitbook/api@0.146.0`
 * here; `setup.ts` fails the test during which a violation was seen. One per test file (vitest
 * isolates files), the checker built on the first answer.
 */
class ReferenceRecorder {
  private checker?: ReferenceChecker;
  private violations: Violation[] = [];
  /** Operation ids answered, with the statuses seen: what a test file exercised. */
  readonly seen = new Map<string, Set<number>>();

  readonly observe: AnswerObserver = (call, operation, response) => {
    this.record({
      method: call.method,
      path: operation?.path ?? call.pathname,
      operation: operation?.id,
      status: response.status,
      body: response.body,
    });
  };

  record(answer: Answer): void {
    // Our own description of the API is not an operation of theirs.
    if (answer.method === 'GET' && answer.path === '/v1/openapi.json') return;
    this.checker ??= new ReferenceChecker(undefined, undefined, { compiled: compiledValidators() });
    if (answer.operation) {
      let statuses = this.seen.get(answer.operation);
      if (!statuses) this.seen.set(answer.operation, (statuses = new Set()));
      statuses.add(answer.status);
    }
    let found: Violation[];
    try {
      found = this.checker.check(answer);
    } catch (error) {
      // Never into the engine: a checker that cannot check is a violation of its own.
      found = [{ operation: answer.operation ?? answer.path, status: answer.status, message: `checker failed: ${String(error)}` }];
    }
    // To survey a whole run rather than fail test by test: one JSON line per violation.
    if (SURVEY && found.length > 0) appendFileSync(SURVEY, found.map((v) => `${JSON.stringify(v)}\n`).join(''));
    this.violations.push(...found);
  }

  /** The violations seen since the last call. */
  take(): Violation[] {
    const taken = this.violations;
    this.violations = [];
    return taken;
  }
}

export const referenceAnswers = new ReferenceRecorder();

export function describeViolations(violations: Violation[]): string {
  const lines = violations.slice(0, 20).map((v) => `  ${v.operation} ${v.status}: ${v.message}`);
  if (violations.length > 20) lines.push(`  … and ${violations.length - 20} more`);
  return `answers off @gitbook/api@0.146.0:\n${lines.join('\n')}`;
}
