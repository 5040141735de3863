"""What every task adapter shares: reading the config, splitting, decoding and batching."""
import torch

from ..augment import MEAN, STD
from ..data import check_modes, check_regions, decode_all
from ..protocol import TrainerError


class TaskBase:
    task = ""
    output_names = []

    def read_config(self, cfg, stop):
        p = cfg["params"]
        ds = cfg["dataset"]
        self.params = p
        self.channels = 1 if int(p.get("grayscale", 0)) else 3
        self.width = int(p.get("width", 16))
        self.regions = ds.get("regions") or None
        self.items = ds["items"]
        # Values the engine picked for 'auto' (0) params; written back into the params so that the manifest,
        # the checkpoint and a later relearning see what was used.
        self.auto = {}
        self.size = int(p["inputSize"])
        if self.size == 0 and self.items:
            self.size = p["inputSize"] = self.auto["inputSize"] = self._auto_size(cfg, stop)
        self.classes = [{"index": i, "name": c["name"], "ok": bool(c.get("ok", False))} for i, c in enumerate(ds["classes"])]
        self.aug = {k: float(p[k]) for k in ("flipH", "flipV", "rotate", "brightness", "contrast", "noise", "cropScale") if k in p}
        if not self.items:
            raise TrainerError("DATA_EMPTY", "The dataset has no images")
        check_modes(self.items, self.channels, stop)
        check_regions(self.items, self.regions, stop)
        self.n_regions = len(self.regions) if self.regions else 1

    def _auto_size(self, cfg, stop):
        """auto.py's input side from the image sizes (crop sizes with target regions); a relearning keeps the
        side of the model it continues."""
        from ..auto import stretch_size, tile_size
        from ..checkpoint import load
        from ..data import header
        if cfg.get("initFrom"):
            prev = load(cfg["initFrom"])
            side = int((prev.get("params") or {}).get("inputSize") or 0) if isinstance(prev, dict) else 0
            if side > 0:
                return side
        if self.regions:
            sizes = [(r[2], r[3]) for r in self.regions]
        else:
            sizes = []
            # Headers only; a sample of a huge set tells the sizes as well as all of it.
            for it in self.items[:: max(1, len(self.items) // 500)]:
                stop.check()
                sizes.append(header(it["path"])[1])
        if self.tiled:
            s = float(self.params["scale"])
            if s > 0:
                sizes = [(w * s, h * s) for w, h in sizes]
            return tile_size(self.task, sizes)
        n_train = len(self.items) * (1 - float(self.params.get("valSplit", 0.2)))
        return stretch_size(self.task, sizes, n_train, int(self.params.get("batchSize", 16)),
                            float(self.params.get("timeBudget") or 0))

    def split(self, n, val_share, seed, groups=None):
        """Seeded split; stratified when `groups` gives a label per item; every group keeps a train item."""
        gen = torch.Generator().manual_seed(seed)
        groups = groups if groups is not None else [0] * n
        train, val = [], []
        for g in sorted(set(groups)):
            idx = [i for i in range(n) if groups[i] == g]
            idx = [idx[j] for j in torch.randperm(len(idx), generator=gen).tolist()]
            k = min(len(idx) - 1, max(1 if len(idx) >= 3 else 0, round(len(idx) * val_share)))
            val += idx[:k]
            train += idx[k:]
        if not val:
            raise TrainerError("DATA_TOO_SMALL", "Too few images to hold out a validation split")
        return sorted(train), sorted(val)

    def decode(self, items, stop):
        """uint8 [N*R, C, S, S]; crops of one image are consecutive."""
        x, sizes = decode_all(items, self.size, self.channels, self.regions, stop)
        return x, sizes

    def rows(self, idx):
        """Rows of the decoded tensor for item indices: the crops of one image are consecutive."""
        return [i * self.n_regions + r for i in idx for r in range(self.n_regions)]

    def expand(self, values):
        """Repeat per-item values for each target-region crop."""
        return [v for v in values for _ in range(self.n_regions)]

    @property
    def tiled(self):
        """Native-resolution tiles (tiling.py) when the algorithm declares `scale` (0 = auto); target regions
        and configurations without `scale` keep the whole-image stretch."""
        return "scale" in self.params and float(self.params["scale"]) >= 0 and not self.regions

    def decode_scaled(self, stop, scale_of):
        """Tile mode: every image decoded once, scaled by one factor (aspect kept) and padded to >= one tile.
        `scale_of(sizes)` picks the factor from the original sizes. Returns the uint8 [C,H,W] list and sizes."""
        from ..data import open_image, to_channels
        from ..protocol import Throttle, emit
        from ..tiling import scale_image, to_padded_tensor
        sizes = []
        for it in self.items:
            stop.check()
            from ..data import header
            sizes.append(header(it["path"])[1])
        self.scale = float(self.params["scale"]) or scale_of(sizes)
        out = []
        throttle = Throttle(1.0)
        for done, it in enumerate(self.items):
            stop.check()
            if throttle.ready():
                emit("decoding", images=len(self.items), done=done)
            with open_image(it["path"]) as img:
                out.append(to_padded_tensor(scale_image(to_channels(img, self.channels), self.scale), self.size))
        return out, sizes

    def input_spec(self):
        if self.tiled:
            from ..tiling import PAD, overlap_for
            return {"size": self.size, "channels": self.channels, "mean": [MEAN] * self.channels,
                    "std": [STD] * self.channels, "resize": "tile", "scale": self.scale,
                    "overlap": getattr(self, "overlap", None) or overlap_for(self.size), "pad": PAD,
                    "colour": "rgb" if self.channels == 3 else "bt601-luma", "regions": None}
        return {"size": self.size, "channels": self.channels, "mean": [MEAN] * self.channels, "std": [STD] * self.channels,
                "resize": "stretch-bilinear", "colour": "rgb" if self.channels == 3 else "bt601-luma",
                "regions": self.regions}

    def steps_per_epoch(self, bs):
        return max(1, -(-self.n_train // bs))

    @staticmethod
    def batch_len(batch):
        return batch[0].shape[0]

    def finalize(self, model):
        return {}

    def degenerate(self, metrics):
        """Why the final validation metrics show a model that learned nothing, or None (model health check)."""
        return None
