"""ad without pretrained weights, by self-supervision: an encoder learns from scratch to tell normal
images from CutPaste and CutPaste-scar versions of them (3-way), then OK training images define what is
normal in its feature space. ad-cutpaste scores with Gaussians (image and per location); ad-patchknn with
nearest-neighbour distances to a coreset memory bank of patch features."""
import torch
import torch.nn.functional as F

from ..augment import augment, normalise
from ..density import greedy_coreset, ledoit_wolf, mahalanobis
from ..models.selfsup import AnomalyExport, CutPasteGaussian, PatchKnn
from .ad_base import AnomalyBase
from .cutpaste import three_way

FIT_BATCH = 64
# Draws per epoch at least: measured on the hard synthetic set (100 OK images, 15 epochs), image AUROC of
# patch kNN was 0.65 with one pass per epoch (the 3-way loss stayed at chance), 0.77 with 512, 0.80 with 1024.
EPOCH_SAMPLES = 1024
# Most OK images (or tiles) whose features are fitted before each validation.
FIT_IMAGES = 1024


class CutPasteTask(AnomalyBase):
    name = "cutpaste"

    def prepare(self, cfg, stop):
        super().prepare(cfg, stop)
        # A fixed 3-way batch of held-out OK images for the validation loss.
        gen = torch.Generator().manual_seed(int(self.params["seed"]) + 98)
        self.val_x, self.val_y = three_way(self.xv[self.yv == 0][:32], gen)

    def build(self):
        return CutPasteGaussian(self.channels, self.width)

    def epoch_samples(self):
        """Self-supervision makes a new example from every draw, and one pass over a few dozen OK images
        is too few steps to learn the 3-way task: an epoch is at least EPOCH_SAMPLES draws."""
        return max(self.n_train, EPOCH_SAMPLES)

    def steps_per_epoch(self, bs):
        return max(1, -(-self.epoch_samples() // bs))

    def batches(self, gen, bs):
        order = torch.cat([torch.randperm(self.n_train, generator=gen) for _ in range(-(-self.epoch_samples() // self.n_train))])
        order = order[:self.epoch_samples()]
        for i in range(0, len(order), bs):
            idx = order[i:i + bs]
            if len(idx) < 2:
                continue
            clean, _ = augment(self.xt[idx], self.aug, gen)
            yield three_way(clean, gen)

    @staticmethod
    def batch_len(batch):
        return batch[0].shape[0] // 3

    def loss(self, model, batch):
        x, y = batch
        return F.cross_entropy(model(x), y)

    def val_loss(self, model):
        return float(F.cross_entropy(model(self.val_x), self.val_y))

    def ok_features(self, model):
        """Pooled embeddings [N, D] and patch features [N*h*w, P] of the (unaugmented) OK training images."""
        embs, locs = [], []
        xt = self.xt
        if len(xt) > FIT_IMAGES:
            # Many tiles: a fixed, seeded subset keeps the refit (and the coreset search) at a bounded cost.
            gen = torch.Generator().manual_seed(int(self.params["seed"]) + 95)
            xt = xt[torch.randperm(len(xt), generator=gen)[:FIT_IMAGES].sort()[0]]
        for i in range(0, len(xt), FIT_BATCH):
            emb, local = model.encoder.features(normalise(xt[i:i + FIT_BATCH]))
            embs.append(emb)
            locs.append(local.permute(0, 2, 3, 1).flatten(0, 2))
        return torch.cat(embs), torch.cat(locs)

    def fit(self, model):
        emb, loc = self.ok_features(model)
        model.img_mean[:], model.img_prec[:], _ = ledoit_wolf(emb)
        model.loc_mean[:], model.loc_prec[:], _ = ledoit_wolf(loc)
        # Scales for the 0..1 mapping: the median OK distance reads 0.5.
        model.img_scale[:] = mahalanobis(emb, model.img_mean, model.img_prec).median().clamp(min=1e-6)
        model.loc_scale[:] = mahalanobis(loc, model.loc_mean, model.loc_prec).median().clamp(min=1e-6)

    def export_module(self, model):
        return AnomalyExport(model)


# patchFeatures: 0 = auto, 1 = the learned encoder, 2 = raw pixel patches.
FEATURES = {1: "learned", 2: "pixel"}
# Pixel features: most candidate patches kept for the coreset search, of which near-constant ones at most
# FLAT_CANDIDATES (a bare board or background repeats one flat patch thousands of times; the k-center search
# needs one of them, and random candidate draws would otherwise be mostly flat).
PIXEL_CANDIDATES = 40000
FLAT_CANDIDATES = 2000
FLAT_VARIANCE = 4e-3  # normalised units (-1..1): a grey-level standard deviation of about 8 of 255
# Pixel features: a patch's distance is also at most its distance to the nearest patch of the same image (tile)
# outside its 3x3-cell neighbourhood (radius 1; `selfMatch`, 0 = off). Measured on DeepPCB (packages/vision/README.md,
# session 8): unseen-but-normal layouts repeat within the tile, defects do not.
SELF_MATCH = 1


class PatchKnnTask(CutPasteTask):
    name = "patchknn"

    def prepare(self, cfg, stop):
        super().prepare(cfg, stop)
        self.bank_size = int(self.params.get("memoryBank", 1024))
        self.arch["bank"] = self.bank_size
        self.features = self.choose_features(int(self.params.get("patchFeatures", 0)))
        if self.features != "learned":
            # Only recorded when not the original features, so models trained before keep relearning.
            self.arch["features"] = self.features
        self.self_match = int(self.params.get("selfMatch", SELF_MATCH)) if self.features == "pixel" else 0
        if self.self_match:
            self.arch["selfMatch"] = self.self_match

    def choose_features(self, code):
        """auto (0): raw pixel patches. Measured (packages/vision/README.md): better than the learned encoder on
        both synthetic sets (mean image AUROC 0.929 vs 0.881, pixel AUROC 0.976 vs 0.953) and on DeepPCB
        (0.85 vs 0.53), with nothing to train."""
        return FEATURES.get(code, "pixel")

    def build(self):
        return PatchKnn(self.channels, self.width, self.bank_size, self.features, self.self_match)

    # Pixel features have nothing to train: one "epoch" without steps, then the bank is fitted by validate().
    def max_epochs(self, epochs):
        return 1 if self.features == "pixel" else epochs

    def epoch_samples(self):
        return 0 if self.features == "pixel" else super().epoch_samples()

    def batches(self, gen, bs):
        if self.features == "pixel":
            return iter(())
        return super().batches(gen, bs)

    def val_loss(self, model):
        return 0.0 if self.features == "pixel" else super().val_loss(model)

    def _scores(self, model):
        """Pixel features: the bank never changes after its fit, so the validation maps and scores of the epoch
        serve the final validation and the threshold search too (each pass scores every validation tile)."""
        if self.features == "pixel" and getattr(model, "scored", None) is not None:
            return model.scored
        out = super()._scores(model)
        if self.features == "pixel":
            model.scored = out
        return out

    def ok_features(self, model):
        if self.features != "pixel":
            return super().ok_features(model)
        return None, self.pixel_candidates(model)

    def pixel_candidates(self, model):
        """Patch features of every OK training image (or tile) and its mirror images (the flips training would
        use: a mirrored normal pattern is still normal), subsampled to PIXEL_CANDIDATES with at most
        FLAT_CANDIDATES near-constant ones."""
        gen = torch.Generator().manual_seed(int(self.params["seed"]) + 94)
        flips = [()] + ([(3,)] if self.aug.get("flipH") else []) + ([(2,)] if self.aug.get("flipV") else [])
        if len(flips) == 3:
            flips.append((2, 3))
        per_batch = max(1, PIXEL_CANDIDATES * FIT_BATCH // max(1, self.n_train * len(flips)))
        busy, flat = [], []
        for i in range(0, self.n_train, FIT_BATCH):
            x = normalise(self.xt[i:i + FIT_BATCH])
            for dims in flips:
                f = model.local(x.flip(dims) if dims else x)
                f = f.permute(0, 2, 3, 1).flatten(0, 2)
                var = f.var(1)
                b, fl = f[var > FLAT_VARIANCE], f[var <= FLAT_VARIANCE]
                busy.append(b[torch.randperm(len(b), generator=gen)[:per_batch]])
                flat.append(fl[torch.randperm(len(fl), generator=gen)[:FLAT_CANDIDATES]])
        busy, flat = torch.cat(busy), torch.cat(flat)
        busy = busy[torch.randperm(len(busy), generator=gen)[:PIXEL_CANDIDATES]]
        flat = flat[torch.randperm(len(flat), generator=gen)[:FLAT_CANDIDATES]]
        return torch.cat([busy, flat])

    def fit(self, model):
        if self.features == "pixel" and getattr(model, "fitted", False):
            return  # nothing trained since: the same candidates give the same bank (final validation)
        _, loc = self.ok_features(model)
        gen = torch.Generator().manual_seed(int(self.params["seed"]) + 97)
        model.bank[:] = greedy_coreset(loc, self.bank_size, gen, **({"candidates": len(loc)} if self.features == "pixel" else {}))
        # Scale: the median distance from a bank entry to its nearest distinct entry, the typical spacing
        # of normal patches (training patches themselves sit in the bank at distance 0).
        spacing = []
        for i in range(0, self.bank_size, 1024):
            d = torch.cdist(model.bank[i:i + 1024], model.bank)
            spacing.append(d.masked_fill(d <= 1e-6, float("inf")).amin(1))
        spacing = torch.cat(spacing)
        spacing = spacing[torch.isfinite(spacing)]
        model.scale[:] = spacing.median().clamp(min=1e-6) if len(spacing) else 1.0
        model.fitted = True
