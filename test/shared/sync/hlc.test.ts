import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareHlc, decodeHlc, encodeHlc, firstStampAhead, MAX_CLOCK_SKEW_MS, receive, runsAhead, tick, type Hlc } from '../../../src-shared/sync/hlc.js';

const node = fc.stringMatching(/^[0-9a-z]{1,8}$/);
const wall = fc.integer({ min: 0, max: 4_000_000_000_000 });
const hlc: fc.Arbitrary<Hlc> = fc.record({ wall, counter: fc.integer({ min: 0, max: 1000 }), node });

/** A node's life: local ticks and received stamps, with a wall clock that may jump back. */
const event = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), now: wall }),
  fc.record({ kind: fc.constant('receive' as const), now: wall, remote: hlc }),
);

describe('hybrid logical clock', () => {
  it('hands out strictly increasing stamps, whatever the wall clock does', () => {
    fc.assert(
      fc.property(hlc, fc.array(event, { maxLength: 40 }), (start, events) => {
        let last = start;
        for (const e of events) {
          const next = e.kind === 'tick' ? tick(last, e.now) : receive(last, e.remote, e.now);
          expect(compareHlc(next, last)).toBe(1);
          expect(next.node).toBe(start.node);
          last = next;
        }
      }),
    );
  });

  it('stamps after a receive exceed both the local clock and the remote stamp', () => {
    fc.assert(
      fc.property(hlc, hlc, wall, (local, remote, now) => {
        const next = receive(local, { ...remote, node: `${remote.node}x` }, now);
        expect(compareHlc(next, local)).toBe(1);
        expect(next.wall > remote.wall || (next.wall === remote.wall && next.counter > remote.counter)).toBe(true);
      }),
    );
  });

  it('is a total order, and the encoding sorts as the order', () => {
    fc.assert(
      fc.property(hlc, hlc, hlc, (a, b, c) => {
        expect(Math.sign(compareHlc(a, b))).toBe(-Math.sign(compareHlc(b, a)));
        if (compareHlc(a, b) <= 0 && compareHlc(b, c) <= 0) expect(compareHlc(a, c)).toBeLessThanOrEqual(0);
        const [ea, eb] = [encodeHlc(a), encodeHlc(b)];
        expect(Math.sign(ea < eb ? -1 : ea > eb ? 1 : 0)).toBe(Math.sign(compareHlc(a, b)));
        expect(compareHlc(a, b) === 0).toBe(ea === eb);
      }),
    );
  });

  it('decodes what it encodes and refuses anything else', () => {
    fc.assert(
      fc.property(hlc, (a) => {
        expect(decodeHlc(encodeHlc(a))).toEqual(a);
      }),
    );
    expect(decodeHlc('1.2.node')).toBeUndefined();
    expect(decodeHlc('000000000000001.000000002.No')).toBeUndefined();
  });

  it('tells a stamp more than the allowed skew past a wall clock, and the string bound sorts exactly there', () => {
    const now = 1_800_000_000_000;
    expect(runsAhead({ wall: now + MAX_CLOCK_SKEW_MS, counter: 999, node: 'z' }, now)).toBe(false);
    expect(runsAhead({ wall: now + MAX_CLOCK_SKEW_MS + 1, counter: 0, node: '0' }, now)).toBe(true);
    fc.assert(
      fc.property(hlc, wall, (a, nowMs) => {
        expect(encodeHlc(a) >= firstStampAhead(nowMs)).toBe(runsAhead(a, nowMs));
      }),
    );
  });
});
