import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateCondition, isShown } from '../../../../src-main/engine/services/publishing/conditions.js';

const claims = {
  plan: 'pro',
  seats: 12,
  beta: true,
  groups: ['admins', 'writers'],
  unsigned: { region: 'eu', trial: false },
  nested: [{ name: 'first' }],
};

const decide = (expression: string) => evaluateCondition(expression, claims);

describe('site conditions', () => {
  it.each([
    ['visitor.claims.plan == "pro"', true],
    ['visitor.claims.plan === "pro"', true],
    ['visitor.claims.plan != "pro"', false],
    ['visitor.claims.seats > 10 && visitor.claims.seats < 20', true],
    ['visitor.claims.seats >= 12 && visitor.claims.seats <= 12', true],
    ['visitor.claims.seats > "10"', false],
    ['visitor.claims.seats == "12"', false],
    ['visitor.claims.beta', true],
    ['!visitor.claims.beta', false],
    ['visitor.claims.unsigned.trial || visitor.claims.unsigned.region == "eu"', true],
    ['visitor.claims["unsigned"]["region"] == "eu"', true],
    ['visitor.claims.nested[0].name == "first"', true],
    ['"admins" in visitor.claims.groups', true],
    ['"readers" in visitor.claims.groups', false],
    ['visitor.claims.plan in ["pro", "team"]', true],
    ['"plan" in visitor.claims', false],
    ['visitor.claims.missing == null', true],
    ['visitor.claims.missing.deeper', false],
    ['visitor.claims.seats > -1', true],
    ['true', true],
    ['false || null', false],
  ])('%s is %s', (expression, expected) => {
    expect(decide(expression)).toEqual({ ok: true, value: expected });
  });

  it.each([
    'visitor.claims.plan.toUpperCase() == "PRO"',
    'visitor.claims.__proto__',
    'visitor.claims.constructor.constructor("return process")()',
    'visitor.claims["__proto__"].polluted',
    'visitor.claims.groups.constructor',
    'process.exit(1)',
    'globalThis',
    'this.x',
    'visitor.plan',
    'visitor.claims.plan = "x"',
    'visitor.claims.a ? 1 : 2',
    'visitor.claims.a; visitor.claims.b',
    'visitor.claims[visitor.claims.plan]',
    'typeof visitor.claims',
    '~visitor.claims.seats',
    'visitor.claims.seats + 1 > 2',
    '(visitor.claims.plan',
    '',
  ])('refuses %j', (expression) => {
    const result = decide(expression);
    expect(result.ok).toBe(false);
  });

  it('shows an item without a condition and hides one whose condition is not valid', () => {
    expect(isShown(undefined, claims)).toBe(true);
    expect(isShown(null, claims)).toBe(true);
    expect(isShown('  ', claims)).toBe(true);
    expect(isShown('visitor.claims.plan == "free"', claims)).toBe(false);
    expect(isShown('visitor.claims.plan ==', claims)).toBe(false);
    expect(isShown('visitor.claims.plan == "pro"', claims)).toBe(true);
  });

  it('reads own properties only, even of claims that name __proto__', () => {
    const tricky = JSON.parse('{"__proto__": {"admin": true}, "list": []}') as Record<string, unknown>;
    expect(evaluateCondition('visitor.claims.list.length > 0', tricky)).toEqual({ ok: true, value: false });
    expect(evaluateCondition('visitor.claims.toString', tricky)).toEqual({ ok: true, value: false });
    expect(evaluateCondition('visitor.claims.hasOwnProperty', {})).toEqual({ ok: true, value: false });
  });

  it('refuses nesting deeper than it evaluates', () => {
    expect(decide(`${'!'.repeat(200)}true`).ok).toBe(false);
    expect(decide(`${'['.repeat(300)}1${']'.repeat(300)}`).ok).toBe(false);
    expect(decide(`${'('.repeat(300)}true${')'.repeat(300)}`)).toEqual({ ok: true, value: true });
  });
});

describe('site conditions on arbitrary input', () => {
  const TOKENS = [
    'visitor', 'claims', '.', '[', ']', '(', ')', '"plan"', '"pro"', '0', '1', 'true', 'null', '==', '!=', '===', '<', '>',
    '&&', '||', '!', 'in', ',', '__proto__', 'constructor', 'prototype', 'globalThis', 'process', 'this', '?', ':', '=',
    'Function', 'eval', '"return globalThis.escaped = 1"', '`', '-', '+', ';', ' ',
  ];
  const tokenSoup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((tokens) => tokens.join(''));
  const anything = fc.oneof(tokenSoup, fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 100 }));
  const anyClaims = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 })) as fc.Arbitrary<Record<string, unknown>>;

  it('answers a result and never throws, reaches a global or changes a prototype', () => {
    const global = globalThis as Record<string, unknown>;
    fc.assert(
      fc.property(anything, anyClaims, (expression, visitorClaims) => {
        const result = evaluateCondition(expression, visitorClaims);
        expect(result.ok ? typeof result.value : typeof result.error).toBe(result.ok ? 'boolean' : 'string');
        expect(global.escaped).toBeUndefined();
        expect(Object.keys(Object.prototype)).toEqual([]);
        expect(Object.keys(Array.prototype)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
