import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hrefFor, parseHash, SETTINGS_SECTIONS, type Route } from '../../src-renderer/routing/route.js';

const id = fc.string({ minLength: 1, maxLength: 24 });
const route: fc.Arbitrary<Exclude<Route, { screen: 'not-found' }>> = fc.oneof(
  fc.constant({ screen: 'organizations' as const }),
  id.map((org) => ({ screen: 'organization' as const, org })),
  fc.record({ screen: fc.constant('space' as const), org: id, space: id, page: id }, { requiredKeys: ['screen', 'org', 'space'] }),
  fc.record(
    { screen: fc.constant('change-request' as const), org: id, space: id, number: fc.nat(), page: id },
    { requiredKeys: ['screen', 'org', 'space', 'number'] },
  ),
  id.map((org) => ({ screen: 'trash' as const, org })),
  id.map((org) => ({ screen: 'translations' as const, org })),
  fc.record({ screen: fc.constant('settings' as const), org: id, section: fc.constantFrom(...SETTINGS_SECTIONS) }),
  id.map((org) => ({ screen: 'openapi' as const, org })),
  fc.record({ screen: fc.constant('openapi-spec' as const), org: id, slug: id }),
  id.map((org) => ({ screen: 'clusters' as const, org })),
);

describe('routes in the address hash', () => {
  it('read back every route they write, whatever the ids hold', () => {
    fc.assert(
      fc.property(route, (written) => {
        expect(parseHash(hrefFor(written))).toEqual(written);
      }),
    );
  });

  it('start at the organizations', () => {
    expect(parseHash('')).toEqual({ screen: 'organizations' });
    expect(parseHash('#/')).toEqual({ screen: 'organizations' });
  });

  it('open the first settings page when none is named', () => {
    expect(parseHash('#/orgs/o1/settings')).toEqual({ screen: 'settings', org: 'o1', section: 'api' });
  });

  it('lead nowhere for anything else', () => {
    for (const hash of ['#/spaces/s1', '#/orgs/o1/settings/billing', '#/orgs/o1/spaces/s1/change-requests/x', '#/orgs/o1/trash/more']) {
      expect(parseHash(hash)).toEqual({ screen: 'not-found', hash });
    }
  });
});
