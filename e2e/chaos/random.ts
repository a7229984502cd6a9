import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * The chaos run's randomness, all from one seed (pure-rand's xoroshiro128+): a stream for the
 * pages' shape, and one stream per mount, each a jump (2^64 draws) further along, so a mount's
 * own choices depend on the seed and its number only.
 */
export interface SeededStreams {
  /** The pages' stream: how many mounts a page holds, when each starts, which share settings. */
  pages: Random;
  /** Mount `mount`'s own stream (0-based); the same for the same seed and number. */
  mount(mount: number): Random;
}

/** A draw of random values from one stream. */
export interface Random {
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** True with probability `p` (0 to 1). */
  chance(p: number): boolean;
  /** One of `choices`, each as likely as its weight (a positive whole number). */
  weighted<T>(choices: readonly (readonly [weight: number, value: T])[]): T;
  /** One of `values`, all equally likely. Throws on an empty list. */
  pick<T>(values: readonly T[]): T;
}

/** The streams of `seed`, a whole number (TypeError otherwise). */
export function seededStreams(seed: number): SeededStreams {
  if (!Number.isSafeInteger(seed)) throw new TypeError(`the seed must be a whole number, got ${seed}`);
  const base = xoroshiro128plus(seed);
  const pages = random(base.clone());
  const jumped = base.clone();
  const mounts: RandomGenerator[] = [];
  return {
    pages,
    mount(mount) {
      while (mounts.length <= mount) {
        jumped.jump();
        mounts.push(jumped.clone());
      }
      return random((mounts[mount] as RandomGenerator).clone());
    },
  };
}

function random(rng: RandomGenerator): Random {
  const int = (min: number, max: number) => uniformInt(rng, min, max);
  return {
    int,
    chance: (p) => int(0, 9_999) < p * 10_000,
    weighted(choices) {
      const total = choices.reduce((sum, [weight]) => sum + weight, 0);
      let left = int(1, total);
      for (const [weight, value] of choices) {
        left -= weight;
        if (left <= 0) return value;
      }
      throw new RangeError('weighted() needs at least one choice with a positive weight');
    },
    pick(values) {
      if (values.length === 0) throw new RangeError('pick() needs at least one value');
      return values[int(0, values.length - 1)] as (typeof values)[number];
    },
  };
}
