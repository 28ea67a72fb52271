import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeHlc } from '../../../../../src-shared/sync/hlc.js';
import { ChangeCapture } from '../../../../../src-main/engine/services/sync/changes/capture.js';

const stamps = fc.record({
  wall: fc.integer({ min: 0, max: 3_000_000_000_000 }),
  counter: fc.integer({ min: 0, max: 1_000 }),
  node: fc.stringMatching(/^[0-9a-z]{1,12}$/),
});
/** Stamps seen, and stamps made in between, with the wall clock moving as it may (backwards too). */
const events = fc.array(
  fc.oneof(
    stamps.map((hlc) => ({ observe: encodeHlc(hlc) })),
    fc.constantFrom({ observe: 'not a stamp' }, { observe: '9' }, { observe: '' }),
    fc.integer({ min: 0, max: 3_000_000_000_000 }).map((nowMs) => ({ make: nowMs })),
  ),
  { maxLength: 60 },
);

describe("the change log's clock", () => {
  it('makes each stamp after every stamp it made or saw before, whatever the wall clock says; what is not a stamp changes nothing', () => {
    fc.assert(
      fc.property(events, (sequence) => {
        const capture = new ChangeCapture();
        let now = 0;
        capture.nowMs = () => now;
        let greatest = '';
        for (const event of sequence) {
          if ('observe' in event) {
            capture.observe(event.observe);
            if (/^\d{15}\.\d{9}\.[0-9a-z]+$/.test(event.observe) && event.observe > greatest) greatest = event.observe;
          } else {
            now = event.make;
            const made = capture.stamp();
            expect(made > greatest).toBe(true);
            expect(made.endsWith(`.${capture.node}`)).toBe(true);
            greatest = made;
          }
        }
      }),
    );
  });
});
