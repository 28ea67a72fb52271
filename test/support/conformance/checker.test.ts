import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src-shared/contract/index.js';
import { ReferenceChecker, type CheckerOptions } from './checker.js';
import { compiledValidatorsModule } from './compiled-validators.js';
import { DEPARTURES } from './departures.js';
import { EXTENSIONS } from './extensions.js';
import { loadReference, operationKey, REFERENCE_VERSION } from './reference.js';

const reference = loadReference();
const checker = new ReferenceChecker(reference);
const decisions = readFileSync(new URL('../../../docs/decisions.md', import.meta.url), 'utf8');

const org = {
  object: 'organization', id: 'o1', title: 'Docs', createdAt: '2026-01-01T00:00:00.000Z', emailDomains: [], type: 'business',
  inviteLinks: false, plan: 'free', mergeRules: { type: 'rules', rules: [] }, urls: { location: 'http://127.0.0.1/v1/orgs/o1', app: 'http://127.0.0.1/app/orgs/o1' },
  trial: { status: 'notapplicable', count: 0 },
  permissions: {
    view: true, admin: true, ownTeam: true, createContent: true, createOpenAPISpec: true, ingestConversations: true, viewBilling: true,
    listMembers: true, listTeams: true, listIntegrations: true, listInstallations: true, installIntegration: true,
  },
};
const getOrg = { method: 'GET', path: '/v1/orgs/{organizationId}', operation: 'getOrganizationById' };
const notFound = { error: { code: 404, message: 'No such organization' } };

describe('the reference the answers are checked against', () => {
  it(`is @gitbook/api ${REFERENCE_VERSION}`, () => {
    expect(reference.version).toBe('0.146.0');
  });

  it('has every operation of ours, but the named extensions, which it does not have', () => {
    const missing = Object.values(contract).filter((op) => !reference.operations.has(operationKey(op.method, op.path)));
    expect(missing.map((op) => op.id).sort()).toEqual([...EXTENSIONS].sort());
  });

  it('is amended only where a departure names operations it has, a place that exists and a decision written down', () => {
    const ours = new Set(Object.keys(contract));
    for (const departure of DEPARTURES) {
      const operations = checker.operationsOf(departure);
      expect([...operations].filter((operation) => ours.has(operation)).length, departure.at).toBeGreaterThan(0);
      // A departure named by the component it amends holds for whatever holds it, ours or not.
      if ('holding' in departure.operations) continue;
      for (const operation of operations) {
        expect(ours.has(operation), operation).toBe(true);
        expect(EXTENSIONS.has(operation), operation).toBe(false);
      }
    }
    for (const departure of DEPARTURES) {
      const segments = departure.at.split('/').slice(1).filter((segment) => segment !== '-');
      expect(segments.reduce<any>((node, segment) => node?.[segment], reference.document), departure.at).toBeDefined();
      expect(decisions, departure.decision).toContain(`<a id="${departure.decision}"></a>`);
    }
  });
});

describe('checking an answer', () => {
  it('takes one of the statuses the operation declares, with a body of its schema', () => {
    expect(checker.check({ ...getOrg, status: 200, body: org })).toEqual([]);
  });

  it('names a status the operation does not declare', () => {
    expect(checker.check({ ...getOrg, status: 201, body: org })[0]!.message).toBe('status 201; getOrganizationById declares 200');
  });

  it('names what is off the schema, and where', () => {
    const [violation] = checker.check({ ...getOrg, status: 200, body: { ...org, mergeRules: { type: 'inherit' } } });
    expect(violation!.message).toMatch(/^\/mergeRules/);
    expect(checker.check({ ...getOrg, status: 200, body: { ...org, plan: undefined } })[0]!.message).toMatch(/required property 'plan'/);
  });

  it('lets through what a departure amends, for its operations only', () => {
    const provider = {
      object: 'saml-provider', id: 'p1', label: 'Okta', entityID: '', certificate: '', defaultRole: null, createdAt: '2026-01-01T00:00:00.000Z',
      status: 'pending', service: { acsURL: 'http://127.0.0.1/a', startURL: 'http://127.0.0.1/s', entityID: 'http://127.0.0.1/e' },
      urls: { location: 'http://127.0.0.1/v1/orgs/o1/saml/p1' },
    };
    const answer = { method: 'GET', path: '/v1/orgs/{organizationId}/saml/{samlProviderId}', operation: 'getOrganizationSAMLProviderById', status: 200, body: provider };
    expect(checker.check(answer)).toEqual([]);
    const strict = new ReferenceChecker(reference, []);
    expect(strict.check(answer)[0]!.message).toMatch(/required property 'ssoURL'/);
  });

  it('wants the error envelope with the status as its code, and never a 5xx', () => {
    expect(checker.check({ ...getOrg, status: 404, body: notFound })).toEqual([]);
    expect(checker.check({ ...getOrg, status: 404, body: { message: 'gone' } })).not.toEqual([]);
    expect(checker.check({ ...getOrg, status: 403, body: notFound })[0]!.message).toBe('error.code 404 under status 403');
    expect(checker.check({ ...getOrg, status: 500, body: { error: { code: 500, message: 'Internal error' } } })).not.toEqual([]);
  });

  it('skips a named extension and names an operation that is neither', () => {
    expect(checker.check({ method: 'GET', path: '/v1/sync/status', operation: 'getSyncStatus', status: 200, body: {} })).toEqual([]);
    const [stray] = checker.check({ method: 'GET', path: '/v1/orgs/{organizationId}/stray', operation: 'getStray', status: 200, body: {} });
    expect(stray!.message).toMatch(/neither in @gitbook\/api@0\.146\.0 nor a named Folio extension/);
  });
});

describe('the validators compiled ahead', () => {
  it('find what the ones compiled on use find, departures and errors included', () => {
    const compiled = createRequire(import.meta.url)(compiledValidatorsModule()) as CheckerOptions['compiled'];
    expect(Object.keys(compiled ?? {})).toContain('reference#/components/schemas/Error');
    const ahead = new ReferenceChecker(reference, DEPARTURES, { compiled });
    const provider = { object: 'saml-provider', id: 'p1', label: 'Okta', createdAt: '2026-01-01T00:00:00.000Z', status: 'pending' };
    const answers = [
      { ...getOrg, status: 200, body: org },
      { ...getOrg, status: 200, body: { ...org, mergeRules: { type: 'inherit' } } },
      { ...getOrg, status: 200, body: { ...org, plan: undefined } },
      { ...getOrg, status: 404, body: notFound },
      { ...getOrg, status: 404, body: { message: 'gone' } },
      { method: 'GET', path: '/v1/orgs/{organizationId}/saml/{samlProviderId}', operation: 'getOrganizationSAMLProviderById', status: 200, body: provider },
      { method: 'GET', path: '/v1/orgs/{organizationId}/openapi/{specSlug}', operation: 'getOpenAPISpecBySlug', status: 200, body: { object: 'openapi-spec', slug: 'Pets' } },
    ];
    for (const answer of answers) expect(ahead.check(answer)).toEqual(checker.check(answer));
  });
});
