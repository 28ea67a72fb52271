import { addInto, cosine, type TermStats, type Vector } from './vectors.js';

/** A cluster as the assignment sees it: `seq` is its creation order, which breaks ties. */
export interface ClusterVector {
  id: string;
  seq: number;
  /** The sum of its issues' term weights (cosine ignores the scale, so a sum is a centroid). */
  centroid: Vector;
}

/** An issue joins the nearest cluster when their cosine reaches this; else it founds a cluster. */
const SIMILARITY_THRESHOLD = 0.25;

/**
 * Incremental clustering of an organization's issues (docs/conversations.md, "Clustering"): each
 * issue, in ingestion order, counts its terms into the document frequencies, then joins the most
 * similar cluster at or above the threshold (the oldest on a tie) or founds a new one. The same
 * issues in the same order always give the same clusters, however they are batched.
 */
export class ClusterIndex {
  private readonly byTerm = new Map<string, Set<ClusterVector>>();

  constructor(
    clusters: readonly ClusterVector[],
    readonly stats: TermStats,
  ) {
    for (const cluster of clusters) this.index(cluster);
  }

  /** Counts an issue's terms in (or, leaving, out of) the document frequencies. */
  count(vector: Vector, sign: 1 | -1): void {
    this.stats.issues += sign;
    for (const term of vector.keys()) {
      const df = (this.stats.df.get(term) ?? 0) + sign;
      if (df > 0) this.stats.df.set(term, df);
      else this.stats.df.delete(term);
    }
  }

  nearest(vector: Vector): ClusterVector | undefined {
    let best: { cluster: ClusterVector; similarity: number } | undefined;
    for (const cluster of this.candidates(vector)) {
      const similarity = cosine(vector, cluster.centroid, this.stats);
      const better =
        !best || similarity > best.similarity || (similarity === best.similarity && cluster.seq < best.cluster.seq);
      if (better) best = { cluster, similarity };
    }
    return best && best.similarity >= SIMILARITY_THRESHOLD ? best.cluster : undefined;
  }

  join(cluster: ClusterVector, vector: Vector): void {
    addInto(cluster.centroid, vector, 1);
    this.index(cluster);
  }

  leave(cluster: ClusterVector, vector: Vector): void {
    addInto(cluster.centroid, vector, -1);
  }

  private candidates(vector: Vector): Set<ClusterVector> {
    const out = new Set<ClusterVector>();
    for (const term of vector.keys()) for (const cluster of this.byTerm.get(term) ?? []) out.add(cluster);
    return out;
  }

  private index(cluster: ClusterVector): void {
    for (const term of cluster.centroid.keys()) {
      let set = this.byTerm.get(term);
      if (!set) this.byTerm.set(term, (set = new Set()));
      set.add(cluster);
    }
  }
}
