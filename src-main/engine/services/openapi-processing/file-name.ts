/**
 * The name the specification's file has in a version's `filesystem`: the last segment of its
 * address when that names a JSON or YAML file, else `openapi.json` or `openapi.yaml` by what it is.
 */
export function specFileName(url: string | null, format: 'json' | 'yaml'): string {
  const last = url ? new URL(url).pathname.split('/').pop() ?? '' : '';
  if (/^[\w.-]+\.(json|ya?ml)$/i.test(last)) return last;
  return `openapi.${format}`;
}
