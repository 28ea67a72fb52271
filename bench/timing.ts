/** Wall time, and the CPU time of this process (server and client both): on a busy machine the second is the steadier figure. */
export interface Timing {
  ms: number;
  cpuMs: number;
}

export async function timed(run: () => unknown): Promise<Timing> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

export async function repeat(times: number, run: (i: number) => Promise<Timing>): Promise<Timing[]> {
  const out: Timing[] = [];
  for (let i = 0; i < times; i++) out.push(await run(i));
  return out;
}

/** The median of each figure on its own. */
export function median(values: Timing[]): Timing {
  const middle = (figures: number[]) => [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;
  return { ms: middle(values.map((v) => v.ms)), cpuMs: middle(values.map((v) => v.cpuMs)) };
}
