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


class PatchKnnTask(CutPasteTask):
    name = "patchknn"

    def prepare(self, cfg, stop):
        super().prepare(cfg, stop)
        self.bank_size = int(self.params.get("memoryBank", 1024))
        self.arch["bank"] = self.bank_size

    def build(self):
        return PatchKnn(self.channels, self.width, self.bank_size)

    def fit(self, model):
        _, loc = self.ok_features(model)
        gen = torch.Generator().manual_seed(int(self.params["seed"]) + 97)
        model.bank[:] = greedy_coreset(loc, self.bank_size, gen)
        # Scale: the median distance from a bank entry to its nearest distinct entry, the typical spacing
        # of normal patches (training patches themselves sit in the bank at distance 0).
        spacing = []
        for i in range(0, self.bank_size, 1024):
            d = torch.cdist(model.bank[i:i + 1024], model.bank)
            spacing.append(d.masked_fill(d <= 1e-6, float("inf")).amin(1))
        spacing = torch.cat(spacing)
        spacing = spacing[torch.isfinite(spacing)]
        model.scale[:] = spacing.median().clamp(min=1e-6) if len(spacing) else 1.0
