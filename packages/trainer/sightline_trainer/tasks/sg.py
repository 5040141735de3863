"""sg: U-Net segmentation (background + one channel per class) with cross-entropy + Dice loss and
early stopping on the validation mean IoU."""
import math

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image

from ..augment import augment, normalise
from ..data import crops, open_image
from ..metrics import iou_per_class
from ..models.unet import SegmenterExport, UNet
from ..protocol import TrainerError
from ..tiling import cap_tiles, grid, overlap_for, random_origin, scale_image, val_cap
from .base import TaskBase

# Tile mode: share of training tiles centred on a defect pixel (the rest are uniform, so the model also sees
# plenty of clean surface), and the longest image side kept at native resolution by the auto scale.
DEFECT_SHARE = 0.6
MAX_SIDE = 1024
TILES_PER_IMAGE = 4


def soft_dice(logits, target, classes):
    probs = logits.softmax(1)[:, 1:]
    onehot = F.one_hot(target, classes + 1).permute(0, 3, 1, 2)[:, 1:].float()
    inter = (probs * onehot).sum((0, 2, 3))
    denom = probs.sum((0, 2, 3)) + onehot.sum((0, 2, 3))
    return 1 - ((2 * inter + 1) / (denom + 1)).mean()


class SegmentationTask(TaskBase):
    task = "sg"
    use_ema = True
    # The training forward may run in bfloat16 (precision.py): the losses take float32 logits.
    amp = True
    output_names = ["probs"]

    def read_labels(self, it, size_wh):
        """Class-index map at full resolution; later classes win where masks overlap."""
        w, h = size_wh
        label = np.zeros((h, w), dtype=np.uint8)
        for c, path in it.get("masks") or []:
            if not 0 <= int(c) < len(self.classes):
                raise TrainerError("DATA_FORMAT", f"Mask class {c} is not a known class ({path})")
            m = open_image(path).convert("L")
            if m.size != (w, h):
                raise TrainerError("DATA_MASK_SIZE", f"Mask {path} is {m.size[0]}x{m.size[1]}, its image {w}x{h}")
            label[np.asarray(m) > 127] = int(c) + 1
        return Image.fromarray(label)

    def prepare(self, cfg, stop):
        self.read_config(cfg, stop)
        k = len(self.classes)
        if k < 1:
            raise TrainerError("DATA_NO_CLASSES", "Segmentation needs at least one class")
        train, val = self.split(len(self.items), float(self.params.get("valSplit", 0.2)), int(self.params["seed"]))
        self.arch = {"name": "unet", "channels": self.channels, "classes": k, "width": self.width}
        if self.tiled:
            return self._prepare_tiled(stop, train, val)
        x, sizes = self.decode(self.items, stop)
        labels = []
        for it, wh in zip(self.items, sizes):
            stop.check()
            for crop in crops(self.read_labels(it, wh), self.regions):
                labels.append(torch.from_numpy(np.asarray(crop.resize((self.size, self.size), Image.NEAREST)).astype(np.int64)))
        y = torch.stack(labels)
        if int((y > 0).sum()) == 0:
            raise TrainerError("DATA_UNLABELLED", "No mask marks any pixel")
        self.xt, self.yt = x[self.rows(train)], y[self.rows(train)]
        self.xv, self.yv = x[self.rows(val)], y[self.rows(val)]
        self.n_train, self.n_val = len(self.xt), len(self.xv)

    def _prepare_tiled(self, stop, train, val):
        """Images at (auto) native scale; training draws tiles, most centred on a defect pixel, so that a
        1 % foreground still fills a fair share of every batch; validation uses the inference grid."""
        s = self.size
        images, sizes = self.decode_scaled(stop, lambda sz: min(1.0, MAX_SIDE / max(max(w, h) for w, h in sz)))
        labels = []
        for it, wh, img in zip(self.items, sizes, images):
            stop.check()
            lab = scale_image(self.read_labels(it, wh), self.scale, Image.NEAREST)
            t = torch.zeros(img.shape[1:], dtype=torch.int64)
            arr = torch.from_numpy(np.asarray(lab).astype(np.int64))
            t[:arr.shape[0], :arr.shape[1]] = arr
            labels.append(t)
        if sum(int((y > 0).sum()) for y in labels) == 0:
            raise TrainerError("DATA_UNLABELLED", "No mask marks any pixel")
        self.train_images = [images[i] for i in train]
        self.train_labels = [labels[i] for i in train]
        self.train_fg = [torch.nonzero(y > 0) for y in self.train_labels]
        ov = overlap_for(s)
        xv, yv = [], []
        for i in val:
            xs, _ = grid(images[i], s, ov)
            ys, _ = grid(labels[i][None], s, ov)
            xv.append(xs)
            yv.append(ys[:, 0])
        # One epoch: about the area of the training images in tiles, at most 4 tiles per image.
        area = sum(t.shape[1] * t.shape[2] for t in self.train_images) / (s * s)
        self.n_train = int(max(len(train), min(TILES_PER_IMAGE * len(train), math.ceil(area))))
        xv, yv = torch.cat(xv), torch.cat(yv)
        keep = cap_tiles(len(xv), val_cap(self.n_train), int(self.params["seed"]) + 5)
        self.xv, self.yv = xv[keep], yv[keep]
        self.n_val = len(self.xv)
        self.arch["tiled"] = True

    def _tile_batch(self, idx_images, gen):
        s = self.size
        xs, ys = [], []
        for i in idx_images:
            img, lab, fg = self.train_images[i], self.train_labels[i], self.train_fg[i]
            centre = None
            if len(fg) and float(torch.rand(1, generator=gen)) < DEFECT_SHARE:
                y, x = fg[int(torch.randint(0, len(fg), (1,), generator=gen))].tolist()
                centre = (x, y)
            x0, y0 = random_origin(img.shape[1], img.shape[2], s, gen, centre)
            xs.append(img[:, y0:y0 + s, x0:x0 + s])
            ys.append(lab[y0:y0 + s, x0:x0 + s])
        return torch.stack(xs), torch.stack(ys)

    def build(self):
        return UNet(self.channels, len(self.classes) + 1, self.width)

    def batches(self, gen, bs):
        if self.tiled:
            n = len(self.train_images)
            draws = torch.randint(0, n, (self.n_train,), generator=gen)
            for i in range(0, self.n_train, bs):
                idx = draws[i:i + bs].tolist()
                if len(idx) < 2:
                    continue
                x, y = self._tile_batch(idx, gen)
                yield augment(x, self.aug, gen, masks=y)
            return
        order = torch.randperm(self.n_train, generator=gen)
        for i in range(0, self.n_train, bs):
            idx = order[i:i + bs]
            if len(idx) < 2:
                continue
            x, y = augment(self.xt[idx], self.aug, gen, masks=self.yt[idx])
            yield x, y

    def loss(self, model, batch):
        x, y = batch
        logits = model(x).float()
        return F.cross_entropy(logits, y) + soft_dice(logits, y, len(self.classes))

    def validate(self, model):
        preds, loss = [], 0.0
        for i in range(0, self.n_val, 32):
            logits = model(normalise(self.xv[i:i + 32])).float()  # bfloat16 under the per-epoch autocast
            loss += float(F.cross_entropy(logits, self.yv[i:i + 32])) * len(logits)
            preds.append(logits.argmax(1))
        ious = iou_per_class(torch.cat(preds), self.yv, len(self.classes))
        present = [v for v in ious if v == v]
        miou = sum(present) / len(present) if present else 0.0
        fg = float((torch.cat(preds) > 0).float().mean())
        metrics = {"meanIoU": miou, **{f"iou_{c['name']}": v for c, v in zip(self.classes, ious)}, "foreground": fg}
        # A model predicting (almost) nothing is not a plateau: early stopping does not count it.
        return {"valLoss": loss / max(self.n_val, 1), "metrics": metrics, "score": miou, "degenerate": miou < 0.05}

    def degenerate(self, metrics):
        if (metrics.get("foreground") or 0.0) == 0.0:
            return "no pixel of the validation images is predicted as a defect"
        if (metrics.get("meanIoU") or 0.0) < 0.05:
            return f"validation mean IoU is {metrics.get('meanIoU') or 0.0:.3f}"
        return None

    def export_module(self, model):
        return SegmenterExport(model)
