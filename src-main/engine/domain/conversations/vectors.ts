/** Document frequencies over an organization's issues: what idf is computed from. */
export interface TermStats {
  issues: number;
  df: Map<string, number>;
}

export type Vector = Map<string, number>;

/** Sublinear term frequency: a word said five times is not five times the topic. */
export function termWeights(counts: ReadonlyMap<string, number>): Vector {
  const out: Vector = new Map();
  for (const [term, count] of counts) out.set(term, 1 + Math.log(count));
  return out;
}

/** Smoothed inverse document frequency; a term no issue has yet weighs the most. */
export function idf(stats: TermStats, term: string): number {
  return Math.log((1 + stats.issues) / (1 + (stats.df.get(term) ?? 0))) + 1;
}

/** Cosine of `a` and `b` once both are weighted by idf. */
export function cosine(a: Vector, b: Vector, stats: TermStats): number {
  let dot = 0;
  for (const [term, weight] of a) {
    const other = b.get(term);
    if (other !== undefined) dot += weight * other * idf(stats, term) ** 2;
  }
  if (dot === 0) return 0;
  return dot / (norm(a, stats) * norm(b, stats));
}

function norm(vector: Vector, stats: TermStats): number {
  let sum = 0;
  for (const [term, weight] of vector) sum += (weight * idf(stats, term)) ** 2;
  return Math.sqrt(sum);
}

/** `into` += `sign` × `vector`; terms that fall to zero leave. */
export function addInto(into: Vector, vector: Vector, sign: 1 | -1): void {
  for (const [term, weight] of vector) {
    const next = (into.get(term) ?? 0) + sign * weight;
    if (Math.abs(next) < 1e-9) into.delete(term);
    else into.set(term, next);
  }
}
