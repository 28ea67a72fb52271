/**
 * The Markdown of API-reference pages, generated from a parsed OpenAPI (3.x) or Swagger (2.0)
 * document: an overview of the API, and one page per tag listing its operations. What a document
 * leaves out is left out; nothing is invented.
 */

type Json = Record<string, unknown>;

export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The operations filed under no tag. */
export const UNTAGGED = 'default';

export interface Operation {
  method: string;
  path: string;
  op: Json;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** Text in a table cell: one line, no column break. */
const cell = (value: string | undefined) => (value ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** Every operation, in the document's order, with the tag it is filed under (its first). */
export function operationsByTag(document: Json): Map<string, Operation[]> {
  const groups = new Map<string, Operation[]>();
  for (const tag of declaredTags(document)) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of OPERATION_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : UNTAGGED;
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op: { ...op, parameters: [...list(item.parameters), ...list(op.parameters)] } });
    }
  }
  for (const [tag, operations] of groups) if (operations.length === 0) groups.delete(tag);
  return groups;
}

function declaredTags(document: Json): { name: string; description?: string }[] {
  return list(document.tags).flatMap((tag) => (typeof tag.name === 'string' ? [{ name: tag.name, description: str(tag.description) }] : []));
}

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

export function tagTitle(tag: string): string {
  return tag === UNTAGGED ? 'Other operations' : tag;
}

/** The overview page: title, version, description, where the API is served. */
export function overviewMarkdown(document: Json): string {
  const info = isObject(document.info) ? document.info : {};
  const parts: string[] = [];
  if (str(info.version)) parts.push(`Version \`${str(info.version)}\`.`);
  if (str(info.description)) parts.push(str(info.description)!);
  const servers = serverURLs(document);
  if (servers.length > 0) parts.push(`## Servers\n\n${servers.map((url) => `- \`${url}\``).join('\n')}`);
  const groups = [...operationsByTag(document)];
  if (groups.length > 0) {
    parts.push(`## Operations\n\n| Group | Operations |\n| --- | --- |\n${groups.map(([tag, ops]) => `| ${cell(tagTitle(tag))} | ${ops.length} |`).join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}

function serverURLs(document: Json): string[] {
  if (typeof document.swagger === 'string') {
    const host = str(document.host);
    if (!host) return [];
    const schemes = Array.isArray(document.schemes) ? (document.schemes as unknown[]).filter((s) => typeof s === 'string') : ['https'];
    return schemes.map((scheme) => `${scheme}://${host}${str(document.basePath) ?? ''}`);
  }
  return list(document.servers).flatMap((server) => (str(server.url) ? [str(server.url)!] : []));
}

/** A tag's page: its description, then each operation with its parameters, body and responses. */
export function tagMarkdown(document: Json, tag: string): string {
  const declared = declaredTags(document).find((t) => t.name === tag);
  const operations = operationsByTag(document).get(tag) ?? [];
  const parts = declared?.description ? [declared.description] : [];
  for (const operation of operations) parts.push(operationMarkdown(operation));
  return `${parts.join('\n\n')}\n`;
}

function operationMarkdown({ method, path, op }: Operation): string {
  const parts = [`## ${method.toUpperCase()} \`${path}\``];
  const lead = [str(op.summary), str(op.description)].filter(Boolean).join('\n\n');
  if (lead) parts.push(lead);
  if (op.deprecated === true) parts.push('Deprecated.');
  const parameters = list(op.parameters).filter((p) => p.in !== 'body');
  if (parameters.length > 0) {
    const rows = parameters.map((p) => `| \`${cell(str(p.name))}\` | ${cell(str(p.in))} | ${p.required === true ? 'yes' : 'no'} | ${cell(typeOf(p))} | ${cell(str(p.description))} |`);
    parts.push(`### Parameters\n\n| Name | In | Required | Type | Description |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}`);
  }
  const body = requestBody(op);
  if (body) parts.push(`### Request body\n\n${body}`);
  const responses = isObject(op.responses) ? Object.entries(op.responses).filter(([, r]) => isObject(r)) : [];
  if (responses.length > 0) {
    const rows = responses.map(([status, r]) => `| ${cell(status)} | ${cell(str((r as Json).description))} |`);
    parts.push(`### Responses\n\n| Status | Description |\n| --- | --- |\n${rows.join('\n')}`);
  }
  return parts.join('\n\n');
}

/** OpenAPI 3's `requestBody` or Swagger 2's `in: body` parameter, as one line. */
function requestBody(op: Json): string | undefined {
  if (isObject(op.requestBody)) {
    const content = isObject(op.requestBody.content) ? op.requestBody.content : {};
    const kinds = Object.entries(content).map(([type, media]) => `\`${type}\`${isObject(media) && isObject(media.schema) ? ` (${schemaName(media.schema)})` : ''}`);
    return [str(op.requestBody.description), kinds.length > 0 ? kinds.join(', ') : undefined].filter(Boolean).join(': ') || undefined;
  }
  const body = list(op.parameters).find((p) => p.in === 'body');
  if (!body) return undefined;
  return [str(body.description), isObject(body.schema) ? schemaName(body.schema) : undefined].filter(Boolean).join(': ') || undefined;
}

function typeOf(parameter: Json): string | undefined {
  if (isObject(parameter.schema)) return schemaName(parameter.schema);
  return str(parameter.type);
}

/** A schema as a reader names it: the component it refers to, or its type (`string[]`). */
function schemaName(schema: Json): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (schema.type === 'array' && isObject(schema.items)) return `${schemaName(schema.items)}[]`;
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return 'object';
}
