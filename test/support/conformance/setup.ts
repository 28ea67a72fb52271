import { afterAll, afterEach } from 'vitest';
import { describeViolations, referenceAnswers } from './recorder.js';

/** A vitest setup file: a test fails when an answer given during it is off the reference description. */
function failOnViolations(): void {
  const violations = referenceAnswers.take();
  if (violations.length > 0) throw new Error(describeViolations(violations));
}

afterEach(failOnViolations);
// Answers given in a file's beforeAll/afterAll hooks.
afterAll(failOnViolations);
