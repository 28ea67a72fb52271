// vitest's global setup: the reference's validators compiled once for all forks (compiled-validators.ts).
import { compiledValidatorsModule, VALIDATORS_VARIABLE } from './compiled-validators.js';

export default function setup(): void {
  process.env[VALIDATORS_VARIABLE] = compiledValidatorsModule();
}
