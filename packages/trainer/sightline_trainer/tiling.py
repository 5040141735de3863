"""Native-resolution tiles: instead of stretching a whole image to the network's input size (which erases a
10-pixel crack in a 600-pixel image), the image is scaled by one factor for both axes (aspect ratio kept),
padded at the right/bottom to at least one tile (letterbox, value PAD), trained on random tiles (centred on
defects more often than not) and inferred tile by tile on a grid with overlap, the outputs stitched back in
original coordinates (packages/vision/src/infer/tiles.ts does the same grid). The scale is chosen from the data
when `scale` is 0 (auto)."""
import math

import numpy as np
import torch
from PIL import Image

# Grey value of the padding (normalises to 0.0 with mean 0.5, std 0.5); the same in packages/vision.
PAD = 128
# Auto scale aims at objects whose smaller side is about this many pixels after scaling.
TARGET_OBJECT_PX = 16


def auto_scale(sizes, size, object_sides=None):
    """Scale factor from the data: native resolution (1.0) unless objects are larger than needed, never
    smaller than what fits the whole (largest) image in one tile, never enlarging."""
    longest = max(max(w, h) for w, h in sizes)
    fit = min(1.0, size / longest)
    if object_sides:
        s = TARGET_OBJECT_PX / max(float(np.median(object_sides)), 1.0)
    else:
        s = 1.0
    return round(min(1.0, max(fit, s)), 4)


def scaled_size(w, h, scale):
    return max(1, math.floor(w * scale + 0.5)), max(1, math.floor(h * scale + 0.5))


def origins(length, size, overlap):
    """Tile start positions covering [0, length) with tiles of `size` overlapping by at least `overlap`;
    the last tile ends at the far edge (images shorter than a tile are padded to one tile)."""
    if length <= size:
        return [0]
    n = math.ceil((length - overlap) / (size - overlap))
    n = max(n, 2)
    step = (length - size) / (n - 1)
    return [math.floor(i * step + 0.5) for i in range(n)]  # floor(+0.5): the same rounding as JavaScript


def overlap_for(size, sides=()):
    """Tile overlap: a quarter tile, or for detection (`sides`: the objects' longer sides, scaled) enough to hold
    nearly every object whole in some tile — their 99th percentile rounded up to an eighth of the tile — up to half
    a tile. An object that every tile cuts is found less surely: DeepPCB (99th percentile 53 px in tiles of 128)
    read test mAP@0.5 0.928 / 0.936 (two seeds) on the 4 x 4 grid of overlap 32 and 0.934 / 0.942 on the 5 x 5 grid
    of overlap 64, for 1.56x the tiles (README, session 11)."""
    base = size // 4
    if len(sides) == 0:
        return base
    step = max(1, size // 8)
    need = math.ceil(float(np.percentile(sides, 99)) / step) * step
    return int(min(size // 2, max(base, need)))


def scale_image(img, scale, resample=Image.BILINEAR):
    if scale == 1.0:
        return img
    return img.resize(scaled_size(img.width, img.height, scale), resample)


def to_padded_tensor(img, size, pad=PAD):
    """PIL image -> uint8 [C,H',W'] padded at the right and bottom to at least size x size."""
    arr = np.asarray(img, dtype=np.uint8)
    if arr.ndim == 2:
        arr = arr[None]
    else:
        arr = arr.transpose(2, 0, 1)
    c, h, w = arr.shape
    if h < size or w < size:
        out = np.full((c, max(h, size), max(w, size)), pad, dtype=np.uint8)
        out[:, :h, :w] = arr
        arr = out
    return torch.from_numpy(np.ascontiguousarray(arr))


def grid(t, size, overlap):
    """All tiles of a [C,H,W] tensor on the inference grid: (tiles [N,C,S,S], origins [(x, y)])."""
    _, h, w = t.shape
    tiles, where = [], []
    for y in origins(h, size, overlap):
        for x in origins(w, size, overlap):
            tiles.append(t[:, y:y + size, x:x + size])
            where.append((x, y))
    return torch.stack(tiles), where


def random_origin(h, w, size, gen, centre=None):
    """A tile origin: uniform, or containing `centre` (x, y) at a random place inside the tile."""
    if centre is None:
        x = int(torch.randint(0, w - size + 1, (1,), generator=gen))
        y = int(torch.randint(0, h - size + 1, (1,), generator=gen))
        return x, y
    cx, cy = centre
    margin = size // 8
    x = int(cx) - int(torch.randint(margin, size - margin, (1,), generator=gen))
    y = int(cy) - int(torch.randint(margin, size - margin, (1,), generator=gen))
    return min(max(0, x), w - size), min(max(0, y), h - size)


def cap_tiles(n, cap, seed):
    """Indices of at most `cap` of n validation tiles (seeded, sorted): validating every tile of every held-out
    image each epoch cost as much as a third of the epoch on CrackForest."""
    if n <= cap:
        return list(range(n))
    gen = torch.Generator().manual_seed(seed)
    return sorted(torch.randperm(n, generator=gen)[:cap].tolist())


def val_cap(train_tiles_per_epoch):
    return max(128, train_tiles_per_epoch // 4)
