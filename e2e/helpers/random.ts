// Seeded numbers for generated test images, so every run builds the same bytes.

/** A seeded xorshift generator of numbers in [0, 1]. */
export function rng(seed: number): () => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0xffffffff;
  };
}
