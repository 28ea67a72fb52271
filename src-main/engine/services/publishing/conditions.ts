import jsep from 'jsep';

/**
 * Site conditions (`condition` on sections and site spaces): expressions such as
 * `visitor.claims.plan == "pro" && "beta" in visitor.claims.groups`, decided against a visitor's
 * claims. jsep only parses; the AST is evaluated here over a whitelist, so an expression can read
 * the claims and nothing else: no calls, no identifiers but `visitor`, no inherited properties
 * (`__proto__`, `constructor`), and no way to reach globals. Nothing here throws.
 */

jsep.addBinaryOp('in', 7);

export type VisitorClaims = Record<string, unknown>;
export type ConditionResult = { ok: true; value: boolean } | { ok: false; error: string };

/** Longer than the API allows (1024) so that stored conditions always parse; a guard against huge input. */
const MAX_EXPRESSION_LENGTH = 4096;
const MAX_DEPTH = 64;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

class Refused {
  constructor(readonly reason: string) {}
}

type Value = unknown;

/** Whether a condition shows its item: no condition shows it; one that is not valid hides it. */
export function isShown(condition: string | null | undefined, claims: VisitorClaims): boolean {
  if (condition === null || condition === undefined || condition.trim() === '') return true;
  const result = evaluateCondition(condition, claims);
  return result.ok && result.value;
}

export function evaluateCondition(expression: string, claims: VisitorClaims): ConditionResult {
  if (expression.length > MAX_EXPRESSION_LENGTH) return { ok: false, error: 'the expression is too long' };
  try {
    return { ok: true, value: truthy(evaluate(jsep(expression), claims, 0)) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason };
    // jsep's syntax errors, and a stack overflow on absurd nesting.
    return { ok: false, error: error instanceof Error ? error.message : 'not a valid expression' };
  }
}

function evaluate(node: jsep.Expression, claims: VisitorClaims, depth: number): Value {
  if (depth > MAX_DEPTH) throw new Refused('the expression is nested too deeply');
  const next = (child: jsep.Expression) => evaluate(child, claims, depth + 1);
  switch (node.type) {
    case 'Literal':
      return literal(node as jsep.Literal);
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((element) => (element === null ? null : next(element)));
    case 'MemberExpression':
      return member(node as jsep.MemberExpression, claims, depth);
    case 'UnaryExpression':
      return unary(node as jsep.UnaryExpression, next);
    case 'BinaryExpression':
      return binary(node as jsep.BinaryExpression, next);
    case 'Identifier':
      throw new Refused(`unknown name ${(node as jsep.Identifier).name}: read values through visitor.claims`);
    default:
      throw new Refused(`${node.type} is not allowed in a condition`);
  }
}

function literal(node: jsep.Literal): Value {
  if (node.value instanceof RegExp) throw new Refused('regular expressions are not allowed in a condition');
  return node.value;
}

function unary(node: jsep.UnaryExpression, next: (child: jsep.Expression) => Value): Value {
  if (node.operator === '!') return !truthy(next(node.argument));
  if (node.operator === '-') {
    const value = next(node.argument);
    if (typeof value === 'number') return -value;
  }
  throw new Refused(`the operator ${node.operator} is not allowed in a condition`);
}

function binary(node: jsep.BinaryExpression, next: (child: jsep.Expression) => Value): Value {
  switch (node.operator) {
    case '&&':
      return truthy(next(node.left)) && truthy(next(node.right));
    case '||':
      return truthy(next(node.left)) || truthy(next(node.right));
    case '==':
    case '===':
      return same(next(node.left), next(node.right));
    case '!=':
    case '!==':
      return !same(next(node.left), next(node.right));
    case '<':
    case '>':
    case '<=':
    case '>=':
      return compare(node.operator, next(node.left), next(node.right));
    case 'in':
      return contains(next(node.right), next(node.left));
    default:
      throw new Refused(`the operator ${node.operator} is not allowed in a condition`);
  }
}

/** Equality without coercion: `1 == "1"` is false, as two claims of different types are different. */
function same(left: Value, right: Value): boolean {
  if (left === undefined) left = null;
  if (right === undefined) right = null;
  return left === right;
}

/** Orders two numbers or two strings; anything else is not ordered, so the comparison is false. */
function compare(operator: string, left: Value, right: Value): boolean {
  const comparable = (typeof left === 'number' && typeof right === 'number') || (typeof left === 'string' && typeof right === 'string');
  if (!comparable) return false;
  const [a, b] = [left as number | string, right as number | string];
  return operator === '<' ? a < b : operator === '>' ? a > b : operator === '<=' ? a <= b : a >= b;
}

/** `x in list`: membership in an array; on anything else it is false (no key tests on objects). */
function contains(list: Value, item: Value): boolean {
  return Array.isArray(list) && list.some((element) => same(element, item));
}

/** `visitor.claims…`: the chain of keys from `visitor`, then each key read as an own data property. */
function member(node: jsep.MemberExpression, claims: VisitorClaims, depth: number): Value {
  const keys = memberKeys(node, depth);
  if (keys[0] !== 'visitor' || keys[1] !== 'claims') throw new Refused('a condition reads values through visitor.claims only');
  return keys.slice(2).reduce<Value>((value, key) => ownValue(value, key), claims);
}

function memberKeys(node: jsep.Expression, depth: number): string[] {
  if (depth > MAX_DEPTH) throw new Refused('the expression is nested too deeply');
  if (node.type === 'Identifier') return [(node as jsep.Identifier).name];
  if (node.type !== 'MemberExpression') throw new Refused(`${node.type} is not allowed in a condition`);
  const { object, property, computed } = node as jsep.MemberExpression;
  return [...memberKeys(object, depth + 1), keyOf(property, computed)];
}

function keyOf(property: jsep.Expression, computed: boolean): string {
  if (!computed && property.type === 'Identifier') return (property as jsep.Identifier).name;
  const value = property.type === 'Literal' ? (property as jsep.Literal).value : undefined;
  if (computed && (typeof value === 'string' || typeof value === 'number')) return String(value);
  throw new Refused('a computed key must be a string or a number');
}

/** An own data property of a plain object, or an element of an array; getters never run. */
function ownValue(value: Value, key: string): Value {
  if (FORBIDDEN_KEYS.has(key)) throw new Refused(`the key ${key} is not allowed in a condition`);
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value) && !/^(0|[1-9]\d*)$/.test(key)) return undefined;
  return Object.getOwnPropertyDescriptor(value, key)?.value;
}

function truthy(value: Value): boolean {
  return value !== false && value !== null && value !== undefined && value !== 0 && value !== '' && !Number.isNaN(value);
}
