import { Node } from 'prosemirror-model';
import { fail, ok, type Result } from './result.js';
import { pageSchema } from './schema.js';

/** ProseMirror's JSON form of a node (`Node.toJSON`): what the API, Yjs helpers and tests exchange. */
export interface PmMarkJson {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface PmNodeJson {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PmNodeJson[];
  text?: string;
  marks?: PmMarkJson[];
}

/** A page body from its JSON, checked against the schema (content, marks and attribute values). */
export function parsePm(json: PmNodeJson): Result<Node> {
  try {
    const node = pageSchema.nodeFromJSON(json);
    if (node.type !== pageSchema.topNodeType) return fail({ kind: 'invalid-pm', message: `expected a doc node, got ${node.type.name}` });
    node.check();
    return ok(node);
  } catch (error) {
    return fail({ kind: 'invalid-pm', message: error instanceof Error ? error.message : String(error) });
  }
}
