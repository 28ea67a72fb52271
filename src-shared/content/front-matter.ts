import { parse, stringify } from 'yaml';
import { fail, ok, type Result } from './result.js';

/** What a page's Markdown front matter says about the page rather than its body. */
export interface PageMeta {
  title?: string;
  description?: string;
  emoji?: string;
}

const FIELDS = ['title', 'description', 'emoji'] as const;

/** The page fields of a YAML front matter; other keys belong to other tools and are left out. */
export function readFrontMatter(yaml: string): Result<PageMeta> {
  let value: unknown;
  try {
    value = parse(yaml);
  } catch (error) {
    return fail({ kind: 'invalid-front-matter', message: error instanceof Error ? error.message : String(error) });
  }
  if (value === null || value === undefined) return ok({});
  if (typeof value !== 'object' || Array.isArray(value)) return fail({ kind: 'invalid-front-matter', message: 'front matter is not a mapping' });
  const meta: PageMeta = {};
  for (const field of FIELDS) {
    const given = (value as Record<string, unknown>)[field];
    if (given === undefined || given === null) continue;
    if (typeof given === 'object') return fail({ kind: 'invalid-front-matter', message: `${field} is not text` });
    // YAML reads `title: 2024` as a number; the page title is still the text written.
    meta[field] = String(given);
  }
  return ok(meta);
}

/** The YAML of the page fields that are set, or undefined when there are none. */
export function writeFrontMatter(meta: PageMeta): string | undefined {
  const set = Object.fromEntries(FIELDS.filter((field) => meta[field] !== undefined).map((field) => [field, meta[field]]));
  return Object.keys(set).length > 0 ? stringify(set).trimEnd() : undefined;
}
