// Byte → network input value, (v / 255 − mean) / std, as a 256-entry table per (mean, std): computed as the
// trainer does (in double, stored as float32), so the tensors are bit-identical to the direct formula, while
// preparing an image costs a look-up per value instead of two divisions (the inspection API's hot path).
const luts = new Map<string, Float32Array>();

export function normalised(mean: number, std: number): Float32Array {
  const key = `${mean}/${std}`;
  let lut = luts.get(key);
  if (!lut) {
    lut = new Float32Array(256);
    for (let v = 0; v < 256; v++) lut[v] = (v / 255 - mean) / std;
    if (luts.size > 64) luts.clear();
    luts.set(key, lut);
  }
  return lut;
}
