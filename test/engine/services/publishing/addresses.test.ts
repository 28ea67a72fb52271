import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileHref, pageHref, placeOf } from '../../../../src-main/engine/services/publishing/addresses.js';

const ROOT = 'http://127.0.0.1:4470/sites/S/';
const urlOf = (place: readonly string[]) => ROOT + place.map((segment) => `${encodeURIComponent(segment)}/`).join('');

describe('addresses inside a published site', () => {
  it('are relative to the page, as directories served and as index.html from disk', () => {
    expect(pageHref([], [], 'served')).toBe('./');
    expect(pageHref([], [], 'file')).toBe('index.html');
    expect(pageHref(['guide', 'install'], ['guide'], 'served')).toBe('../');
    expect(pageHref(['guide', 'install'], ['api', 'v2'], 'file')).toBe('../../api/v2/index.html');
    expect(pageHref(['a'], ['a b', 'ü?#'], 'served')).toBe('../a%20b/%C3%BC%3F%23/');
    expect(fileHref(['guide', 'install'], ['~assets', 'site.css'])).toBe('../../~assets/site.css');
  });

  it('read a request path back into its place', () => {
    expect(placeOf('/a%20b/%C3%BC/')).toEqual(['a b', 'ü']);
    expect(placeOf('')).toEqual([]);
    expect(placeOf('/%E0%A4%A/')).toBeUndefined();
  });

  it('lead from any page to any other, whatever the segments hold', () => {
    const segment = fc.string({ minLength: 1, maxLength: 6 }).filter((text) => text !== '.' && text !== '..' && !text.includes('/'));
    const place = fc.array(segment, { maxLength: 4 });
    fc.assert(
      fc.property(place, place, (from, to) => {
        const target = new URL(pageHref(from, to, 'served'), urlOf(from));
        expect(target.href).toBe(new URL(urlOf(to)).href);
        expect(placeOf(target.pathname.slice(new URL(ROOT).pathname.length))).toEqual(to);
      }),
      { numRuns: 500 },
    );
  });
});
