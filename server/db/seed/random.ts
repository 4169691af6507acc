/** A small deterministic random source (mulberry32): the same sequence for a seed on every platform. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Dice over mulberry32: tiny, fast, and the same sequence on every platform. */
export class Dice {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = randomSource(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  /** An item drawn in proportion to its weight; items weighing 0 are never drawn. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let roll = this.next() * items.reduce((sum, item) => sum + weight(item), 0);
    return items.find((item) => (roll -= weight(item)) < 0) ?? items.findLast((item) => weight(item) > 0)!;
  }
  /** Goals in a match: Poisson, capped at 5 so results stay amateur-plausible. */
  goals(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = this.next(); p > limit; p *= this.next()) k++;
    return Math.min(k, 5);
  }
}
