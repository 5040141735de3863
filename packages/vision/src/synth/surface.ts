// Synthetic inspection images drawn in code (tests and the bench): a textured grey surface and
// scratches, spots, cracks or shapes painted on it, each with its exact mask.
export type Rng = () => number;

/** mulberry32: small, seeded and repeatable. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gauss(r: Rng): number {
  return Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
}

/** Values 0..1: low-frequency shading plus fine grain. */
export function surface(r: Rng, size: number): Float32Array {
  const g = Math.max(2, Math.floor(size / 16) + 2);
  const grid = Array.from({ length: g * g }, () => r());
  const img = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const gx = (x / size) * (g - 1);
      const gy = (y / size) * (g - 1);
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      const fx = gx - x0;
      const fy = gy - y0;
      const v = (i: number, j: number) => grid[Math.min(g - 1, j) * g + Math.min(g - 1, i)]!;
      const low =
        v(x0, y0) * (1 - fx) * (1 - fy) +
        v(x0 + 1, y0) * fx * (1 - fy) +
        v(x0, y0 + 1) * (1 - fx) * fy +
        v(x0 + 1, y0 + 1) * fx * fy;
      img[y * size + x] = 0.45 + 0.15 * low + 0.04 * gauss(r);
    }
  }
  return img;
}

/**
 * A harder surface (values 0..1): per-image base level and contrast, brushed grain along a random
 * direction (noise averaged along a line) and an illumination gradient across the image.
 */
export function brushedSurface(r: Rng, size: number): Float32Array {
  const base = surface(r, size);
  const noise = Float32Array.from({ length: size * size }, () => gauss(r));
  const theta = r() * Math.PI;
  const reach = Math.max(2, Math.round(size / 10));
  const [cx, cy] = [Math.cos(theta), Math.sin(theta)];
  const phi = r() * 2 * Math.PI;
  const ramp = 0.03 + 0.07 * r();
  const level = (r() - 0.5) * 0.1;
  const gain = 0.8 + 0.4 * r();
  const img = new Float32Array(size * size);
  const wrap = (v: number) => ((Math.round(v) % size) + size) % size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let grain = 0;
      for (let t = -reach; t <= reach; t++) grain += noise[wrap(y + t * cy) * size + wrap(x + t * cx)]!;
      const light = ramp * (((x / size - 0.5) * Math.cos(phi) + (y / size - 0.5) * Math.sin(phi)) * 2);
      const v =
        0.5 + gain * (base[y * size + x]! - 0.5) + (0.05 * grain) / Math.sqrt(2 * reach + 1) + light + level;
      img[y * size + x] = v;
    }
  }
  return img;
}

/** A defect of `kind` at low contrast: the mask paintDefect would draw, shifted by ±`strength` (0..1 units). */
export function paintFaintDefect(
  img: Float32Array,
  size: number,
  kind: DefectKind,
  r: Rng,
  strength: number,
): Uint8Array {
  const mask = paintDefect(new Float32Array(size * size), size, kind, r);
  const sign = r() < 0.5 ? -1 : 1;
  for (let i = 0; i < mask.length; i++) if (mask[i]) img[i] = img[i]! + sign * strength;
  return mask;
}

function segDist(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function paintPolyline(mask: Uint8Array, size: number, pts: [number, number][], width: number) {
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      for (let i = 0; i + 1 < pts.length; i++) {
        if (segDist(x + 0.5, y + 0.5, ...pts[i]!, ...pts[i + 1]!) <= width / 2) {
          mask[y * size + x] = 1;
          break;
        }
      }
    }
  }
}

export type DefectKind = 'scratch' | 'spot' | 'crack' | 'stain' | 'pinholes';

/** Paints a defect onto `img` and returns its mask (1 = defect). */
export function paintDefect(img: Float32Array, size: number, kind: DefectKind, r: Rng): Uint8Array {
  const mask = new Uint8Array(size * size);
  let value: number;
  if (kind === 'scratch') {
    const x0 = (0.1 + 0.8 * r()) * size;
    const y0 = (0.1 + 0.8 * r()) * size;
    const a = r() * Math.PI;
    const len = (0.3 + 0.3 * r()) * size;
    paintPolyline(
      mask,
      size,
      [
        [x0, y0],
        [x0 + Math.cos(a) * len, y0 + Math.sin(a) * len],
      ],
      Math.max(1.2, size / 40),
    );
    value = 0.95;
  } else if (kind === 'spot') {
    const cx = (0.2 + 0.6 * r()) * size;
    const cy = (0.2 + 0.6 * r()) * size;
    const rad = (0.05 + 0.05 * r()) * size;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= rad) mask[y * size + x] = 1;
    value = 0.1;
  } else if (kind === 'stain') {
    // A large faint blotch: low contrast, soft-edged in look but with an exact mask.
    const cx = (0.3 + 0.4 * r()) * size;
    const cy = (0.3 + 0.4 * r()) * size;
    const rx = (0.12 + 0.1 * r()) * size;
    const ry = (0.08 + 0.08 * r()) * size;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1) mask[y * size + x] = 1;
    for (let i = 0; i < mask.length; i++) if (mask[i]) img[i] = img[i]! - 0.12;
    return mask;
  } else if (kind === 'pinholes') {
    const n = 4 + Math.floor(r() * 5);
    const rad = Math.max(0.8, size / 90);
    for (let k = 0; k < n; k++) {
      const cx = (0.1 + 0.8 * r()) * size;
      const cy = (0.1 + 0.8 * r()) * size;
      for (let y = Math.floor(cy - rad - 1); y <= cy + rad + 1; y++) {
        for (let x = Math.floor(cx - rad - 1); x <= cx + rad + 1; x++) {
          if (x >= 0 && y >= 0 && x < size && y < size && Math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= rad)
            mask[y * size + x] = 1;
        }
      }
    }
    value = 0.05;
  } else {
    const pts: [number, number][] = [[(0.2 + 0.6 * r()) * size, (0.2 + 0.6 * r()) * size]];
    let a = r() * 2 * Math.PI;
    for (let i = 0; i < 6; i++) {
      a += (r() * 2 - 1) * 0.9;
      const [px, py] = pts[pts.length - 1]!;
      pts.push([px + Math.cos(a) * size * 0.07, py + Math.sin(a) * size * 0.07]);
    }
    paintPolyline(mask, size, pts, Math.max(1.5, size / 32));
    value = 0.15;
  }
  for (let i = 0; i < mask.length; i++) if (mask[i]) img[i] = value + 0.03 * gauss(r);
  return mask;
}

export type ShapeKind = 'square' | 'disc';

/** Paints a filled shape (bright square or dark disc) and returns its box [x1, y1, x2, y2]. */
export function paintShape(
  img: Float32Array,
  size: number,
  kind: ShapeKind,
  r: Rng,
  avoid: number[][] = [],
): number[] | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const s = (0.12 + 0.14 * r()) * size;
    const x1 = r() * (size - s);
    const y1 = r() * (size - s);
    const box = [x1, y1, x1 + s, y1 + s];
    if (
      avoid.some(
        (b) => b[0]! < box[2]! + 2 && box[0]! < b[2]! + 2 && b[1]! < box[3]! + 2 && box[1]! < b[3]! + 2,
      )
    )
      continue;
    const cx = x1 + s / 2;
    const cy = y1 + s / 2;
    for (let y = Math.floor(y1); y < Math.ceil(y1 + s); y++) {
      for (let x = Math.floor(x1); x < Math.ceil(x1 + s); x++) {
        const inside = kind === 'square' ? true : Math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= s / 2;
        if (inside && x < size && y < size)
          img[y * size + x] = kind === 'square' ? 0.9 + 0.03 * gauss(r) : 0.12 + 0.03 * gauss(r);
      }
    }
    return box;
  }
  return null;
}

export function toGrayBytes(img: Float32Array): Buffer {
  const out = Buffer.alloc(img.length);
  for (let i = 0; i < img.length; i++) out[i] = Math.round(Math.min(1, Math.max(0, img[i]!)) * 255);
  return out;
}
