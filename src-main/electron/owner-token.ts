import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The owner's bearer token, written to DIR/token by the first start's bootstrap. */
export function readOwnerToken(dataDir: string): string {
  const file = join(dataDir, 'token');
  let token: string;
  try {
    token = readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`The owner's token file is missing: ${file}`);
  }
  if (!token) throw new Error(`The owner's token file is empty: ${file}`);
  return token;
}
