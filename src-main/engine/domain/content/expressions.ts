/**
 * The expressions of conditional content (`if` blocks) and inline `expression` nodes: a safe subset
 * of JavaScript expressions, evaluated without `eval`. Literals (numbers, strings, true, false,
 * null, undefined), names and member access (`space.vars.edition`, `a["b"]`, own properties only),
 * `!`, unary `-`, `* / %`, `+ -`, comparisons, `== != === !==`, `&&`, `||`, `??`, `? :` and
 * parentheses. No calls and no assignments: an expression only reads its scope.
 */

export type Scope = Record<string, unknown>;

/** `visitor` is the one input that depends on who reads: everything else is deterministic. */
const NON_DETERMINISTIC = new Set(['visitor']);

export type Evaluation = { value: unknown } | { skipped: 'non-deterministic' | 'invalid' };

type Expr =
  | { kind: 'literal'; value: unknown }
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: Expr; property: Expr }
  | { kind: 'unary'; op: string; operand: Expr }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr };

/**
 * Evaluates `source` against `scope`. With `deterministicOnly`, an expression that reads a
 * non-deterministic input is not evaluated. An expression that does not parse is `invalid`.
 */
export function evaluateExpression(source: string, scope: Scope, deterministicOnly: boolean): Evaluation {
  const parsed = parse(source);
  if (!parsed) return { skipped: 'invalid' };
  if (deterministicOnly && readsNonDeterministic(parsed)) return { skipped: 'non-deterministic' };
  return { value: evaluate(parsed, scope) };
}

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([A-Za-z_$][\w$]*)|(===|!==|==|!=|<=|>=|&&|\|\||\?\?|[-+*/%<>!().[\]?:]))/y;

function tokenize(source: string): string[] | undefined {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(TOKEN.lastIndex))) break;
    const match = TOKEN.exec(source);
    if (!match) return undefined;
    tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4]!);
  }
  return tokens;
}

/** Binding power of each binary operator (higher binds tighter), as JavaScript orders them. */
const BINARY: Record<string, number> = {
  '??': 1, '||': 2, '&&': 3, '==': 4, '!=': 4, '===': 4, '!==': 4, '<': 5, '<=': 5, '>': 5, '>=': 5, '+': 6, '-': 6, '*': 7, '/': 7, '%': 7,
};
const KEYWORDS: Record<string, unknown> = { true: true, false: false, null: null, undefined };

function parse(source: string): Expr | undefined {
  const tokens = tokenize(source);
  if (!tokens || tokens.length === 0) return undefined;
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new SyntaxError(expected ?? 'end');
    at++;
    return token;
  };

  const conditional = (): Expr => {
    const test = binary(0);
    if (peek() !== '?') return test;
    take('?');
    const then = conditional();
    take(':');
    return { kind: 'conditional', test, then, otherwise: conditional() };
  };
  const binary = (minimum: number): Expr => {
    let left = unary();
    for (let op = peek(); op !== undefined && (BINARY[op] ?? 0) > minimum; op = peek()) {
      take();
      left = { kind: 'binary', op, left, right: binary(BINARY[op]!) };
    }
    return left;
  };
  const unary = (): Expr => (peek() === '!' || peek() === '-' ? { kind: 'unary', op: take(), operand: unary() } : member(primary()));
  const member = (object: Expr): Expr => {
    if (peek() === '.') {
      take('.');
      const name = take();
      if (!/^[A-Za-z_$]/.test(name)) throw new SyntaxError(name);
      return member({ kind: 'member', object, property: { kind: 'literal', value: name } });
    }
    if (peek() === '[') {
      take('[');
      const property = conditional();
      take(']');
      return member({ kind: 'member', object, property });
    }
    return object;
  };
  const primary = (): Expr => {
    const token = take();
    if (token === '(') {
      const inner = conditional();
      take(')');
      return inner;
    }
    if (/^\d/.test(token)) return { kind: 'literal', value: Number(token) };
    if (/^["']/.test(token)) return { kind: 'literal', value: unquote(token) };
    if (token in KEYWORDS) return { kind: 'literal', value: KEYWORDS[token] };
    if (/^[A-Za-z_$]/.test(token)) return { kind: 'name', name: token };
    throw new SyntaxError(token);
  };

  try {
    const expr = conditional();
    return at === tokens.length ? expr : undefined;
  } catch {
    return undefined;
  }
}

function unquote(token: string): string {
  return token.slice(1, -1).replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t' })[char] ?? char);
}

function readsNonDeterministic(expr: Expr): boolean {
  switch (expr.kind) {
    case 'literal':
      return false;
    case 'name':
      return NON_DETERMINISTIC.has(expr.name);
    case 'member':
      return readsNonDeterministic(expr.object) || readsNonDeterministic(expr.property);
    case 'unary':
      return readsNonDeterministic(expr.operand);
    case 'binary':
      return readsNonDeterministic(expr.left) || readsNonDeterministic(expr.right);
    case 'conditional':
      return [expr.test, expr.then, expr.otherwise].some(readsNonDeterministic);
  }
}

function evaluate(expr: Expr, scope: Scope): unknown {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'name':
      return ownProperty(scope, expr.name);
    case 'member':
      return ownProperty(evaluate(expr.object, scope), evaluate(expr.property, scope));
    case 'unary': {
      const operand = evaluate(expr.operand, scope);
      return expr.op === '!' ? !operand : -(operand as number);
    }
    case 'binary':
      return binaryValue(expr.op, () => evaluate(expr.left, scope), () => evaluate(expr.right, scope));
    case 'conditional':
      return evaluate(expr.test, scope) ? evaluate(expr.then, scope) : evaluate(expr.otherwise, scope);
  }
}

/** Own properties of plain objects and arrays only: nothing reaches a prototype. */
function ownProperty(object: unknown, key: unknown): unknown {
  if (typeof object !== 'object' || object === null) return undefined;
  const name = String(key);
  return Object.prototype.hasOwnProperty.call(object, name) ? (object as Record<string, unknown>)[name] : undefined;
}

// Operands are whatever the scope holds: the operators keep JavaScript's meaning on them.
function binaryValue(op: string, left: () => any, right: () => any): unknown {
  switch (op) {
    case '&&': return left() && right();
    case '||': return left() || right();
    case '??': return left() ?? right();
  }
  const [a, b] = [left(), right()];
  switch (op) {
    case '==': return a == b;
    case '!=': return a != b;
    case '===': return a === b;
    case '!==': return a !== b;
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return a / b;
    default: return a % b;
  }
}
