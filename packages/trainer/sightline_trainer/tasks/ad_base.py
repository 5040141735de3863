"""What every ad method shares: OK-only data, a fixed synthetic validation set (every held-out OK image
once clean and once with a DRAEM-style synthetic anomaly), image/pixel AUROC for early stopping, and the
F1-optimal image threshold chosen on that set, the only labelled data ad training has."""
import torch

from ..augment import normalise
from ..metrics import auroc, best_f1_threshold
from ..tiling import grid, overlap_for
from .base import TaskBase

# Tile mode: tiles kept for training (memory and the per-epoch refit of OK statistics) and validation.
MAX_TRAIN_TILES = 4096
MAX_VAL_TILES = 512
# Auto scale: the longest side spans at most about this many tiles (native resolution when it fits; 640-px
# DeepPCB boards at tiles of 128: native, 7x7 tiles). Measured (packages/vision/README.md, session 8): DeepPCB
# anomaly image AUROC 0.914 at 3 tiles per side (scale 0.5) -> 0.972 at native resolution: 2-3 px specks and
# spurs vanish at half resolution.
AD_TILES_PER_SIDE = 7
from .synthetic import synthesize


class AnomalyBase(TaskBase):
    task = "ad"
    output_names = ["anomaly_map", "score"]
    name = ""

    def prepare(self, cfg, stop):
        self.read_config(cfg, stop)
        self.classes = [{"index": 0, "name": "good", "ok": True}, {"index": 1, "name": "defect", "ok": False}]
        train, val = self.split(len(self.items), float(self.params.get("valSplit", 0.2)), int(self.params["seed"]))
        if self.tiled:
            self.xt, xv = self._tiles(stop, train, val)
        else:
            x, _ = self.decode(self.items, stop)
            self.xt, xv = x[self.rows(train)], x[self.rows(val)]
        self.n_train, self.n_val = len(self.xt), len(xv)
        gen = torch.Generator().manual_seed(int(self.params["seed"]) + 99)
        clean = normalise(xv)
        bad, masks = synthesize(clean, gen, p_anomaly=1.0)
        keep = masks.flatten(1).sum(1) > 0
        self.xv = torch.cat([clean, bad[keep]])
        self.yv = torch.cat([torch.zeros(len(clean)), torch.ones(int(keep.sum()))])
        self.mv = torch.cat([torch.zeros_like(masks), masks[keep]])
        self.arch = {"name": self.name, "channels": self.channels, "width": self.width}
        if self.tiled:
            self.arch["tiled"] = True
        # Geometry-preserving photometric jitter only: flips would be fine but rotations blur texture.
        self.aug = {"flipH": 0.5, "flipV": 0.5, "brightness": 0.05, "contrast": 0.05}

    def _tiles(self, stop, train, val):
        """Tile mode: OK images at native resolution, or scaled down so that the longest side spans about
        AD_TILES_PER_SIDE tiles (small defects keep several feature cells; inference cost stays bounded on large
        images), cut on the inference grid; at most MAX_TRAIN_TILES / MAX_VAL_TILES (seeded)."""
        s = self.size
        ov = overlap_for(s)
        span = AD_TILES_PER_SIDE * (s - ov) + ov
        images, _ = self.decode_scaled(
            stop, lambda sizes: min(1.0, max(s, span) / max(max(w, h) for w, h in sizes)))
        gen = torch.Generator().manual_seed(int(self.params["seed"]) + 96)

        def cut(idx, cap):
            t = torch.cat([grid(images[i], s, ov)[0] for i in idx])
            return t[torch.randperm(len(t), generator=gen)[:cap].sort()[0]] if len(t) > cap else t
        return cut(train, MAX_TRAIN_TILES), cut(val, MAX_VAL_TILES)

    def fit(self, model):
        """Methods that score with statistics of OK features fit them here, before every validation, so
        that the best epoch's state_dict carries the statistics that belong to its weights."""

    def val_loss(self, model):
        raise NotImplementedError

    def _scores(self, model):
        exp = self.export_module(model)
        maps, scores = [], []
        for i in range(0, len(self.xv), 64):
            a, s = exp(self.xv[i:i + 64])
            maps.append(a)
            scores.append(s)
        return torch.cat(maps), torch.cat(scores)

    def validate(self, model):
        self.fit(model)
        maps, scores = self._scores(model)
        img = auroc(scores, self.yv)
        pix = auroc(maps.flatten()[::7], self.mv.flatten()[::7])
        return {"valLoss": self.val_loss(model), "metrics": {"imageAUROC": img, "pixelAUROC": pix},
                "score": img + 0.1 * pix}

    def degenerate(self, metrics):
        img = metrics.get("imageAUROC")
        if img is not None and img == img and img < 0.6:
            return f"image AUROC on held-out OK images and synthetic defects is {img:.3f} (0.5 is chance)"
        return None

    def finalize(self, model):
        _, scores = self._scores(model)
        thr, f1 = best_f1_threshold(scores, self.yv)
        ok = scores[self.yv == 0]
        return {"threshold": thr, "thresholdF1": f1, "okScoreMax": float(ok.max())}
