import type { DocumentJson } from '../../../../src-shared/content/index.js';
import { isDocumentNode as isNode, withChildren, type DocumentNode as Node } from './document-walk.js';
import { evaluateExpression, type Scope } from './expressions.js';

/**
 * A `Document` with its conditional content and expressions evaluated (`evaluated` on page
 * reads): an `if` block whose expression holds gives way to the blocks it holds, one that does
 * not is left out; an inline `expression` becomes the text of its value (nothing for null or
 * undefined). What is not evaluated (an expression that does not parse, or with
 * `deterministicOnly` one that reads `visitor`) stays as it was.
 */
export function evaluateDocument(document: DocumentJson, scope: Scope, deterministicOnly: boolean): DocumentJson {
  const evaluateIn = (nodes: unknown[]): unknown[] => nodes.flatMap((node) => evaluateNode(node, scope, deterministicOnly, evaluateIn));
  return { ...document, nodes: evaluateIn(document.nodes) as DocumentJson['nodes'] };
}

function evaluateNode(node: unknown, scope: Scope, deterministicOnly: boolean, evaluateIn: (nodes: unknown[]) => unknown[]): unknown[] {
  if (!isNode(node)) return [node];
  const expression = expressionOf(node);
  if (expression !== undefined && (node.type === 'if' || node.type === 'expression')) {
    const result = evaluateExpression(expression, scope, deterministicOnly);
    if ('value' in result) {
      if (node.type === 'expression') return [textNode(result.value)];
      return result.value ? evaluateIn(Array.isArray(node.nodes) ? node.nodes : []) : [];
    }
  }
  return [withChildren(node, evaluateIn)];
}

function expressionOf(node: Node): string | undefined {
  const data = node.data;
  if (!isNode(data)) return undefined;
  return typeof data.expression === 'string' ? data.expression : undefined;
}

function textNode(value: unknown): Node {
  return { object: 'text', leaves: [{ object: 'leaf', text: displayed(value), marks: [] }] };
}

function displayed(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
