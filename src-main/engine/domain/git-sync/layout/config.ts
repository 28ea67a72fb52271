import { parse } from 'yaml';
import { normalPath } from './paths.js';

/**
 * `.gitbook.yaml`, as the service reads it: `root` (where the documentation lies), the README and
 * SUMMARY files (relative to the root) and `redirects` (old path → file, kept as they are).
 */
export interface LayoutConfig {
  root: string;
  readme: string;
  summary: string;
  redirects: Record<string, string>;
}

export const DEFAULT_CONFIG: LayoutConfig = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} };

export type ConfigResult = { ok: true; config: LayoutConfig } | { ok: false; message: string };

export function readConfig(text: string | undefined, projectDirectory = ''): ConfigResult {
  const base: LayoutConfig = { ...DEFAULT_CONFIG, root: projectDirectory, redirects: {} };
  if (text === undefined) return { ok: true, config: base };
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    return { ok: false, message: `.gitbook.yaml does not parse: ${(error as Error).message.split('\n')[0]}` };
  }
  if (value === null || value === undefined) return { ok: true, config: base };
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: '.gitbook.yaml is not a mapping' };
  const yaml = value as Record<string, unknown>;
  const config = { ...base };
  if (yaml.root !== undefined) {
    const root = typeof yaml.root === 'string' ? normalPath(`${projectDirectory}/${yaml.root}`) : undefined;
    if (root === undefined) return { ok: false, message: '.gitbook.yaml: root must be a folder inside the repository' };
    config.root = root;
  }
  if (yaml.structure !== undefined) {
    if (typeof yaml.structure !== 'object' || yaml.structure === null || Array.isArray(yaml.structure)) {
      return { ok: false, message: '.gitbook.yaml: structure must be a mapping' };
    }
    for (const field of ['readme', 'summary'] as const) {
      const given = (yaml.structure as Record<string, unknown>)[field];
      if (given === undefined) continue;
      const path = typeof given === 'string' ? normalPath(given) : undefined;
      if (!path) return { ok: false, message: `.gitbook.yaml: structure.${field} must be a file inside the root` };
      config[field] = path;
    }
  }
  if (yaml.redirects !== undefined) {
    if (typeof yaml.redirects !== 'object' || yaml.redirects === null || Array.isArray(yaml.redirects)) {
      return { ok: false, message: '.gitbook.yaml: redirects must be a mapping' };
    }
    for (const [from, to] of Object.entries(yaml.redirects)) {
      if (typeof to !== 'string') return { ok: false, message: `.gitbook.yaml: redirects.${from} must be a path` };
      config.redirects[from] = to;
    }
  }
  return { ok: true, config };
}
