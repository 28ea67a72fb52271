import { PULSE_HEIGHT, pulseBars, pulseWidth, pulseWords } from './pulse-bars.js';

/** A cluster's weekly pulse as a small inline bar chart, with the numbers in its accessible name. */
export function PulseChart({ pulse }: { pulse: readonly number[] }) {
  const words = pulseWords(pulse);
  return (
    <svg
      className="pulse-chart"
      role="img"
      aria-label={words}
      width={pulseWidth(pulse.length)}
      height={PULSE_HEIGHT + 1}
      viewBox={`0 0 ${pulseWidth(pulse.length)} ${PULSE_HEIGHT + 1}`}
    >
      <title>{words}</title>
      <line x1={0} x2={pulseWidth(pulse.length)} y1={PULSE_HEIGHT + 0.5} y2={PULSE_HEIGHT + 0.5} className="pulse-base" />
      {pulseBars(pulse).map((bar, week) => (
        <rect key={week} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={1} className="pulse-bar" data-count={bar.count} />
      ))}
    </svg>
  );
}
