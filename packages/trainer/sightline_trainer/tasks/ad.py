"""ad: DRAEM trained on OK images only. Synthetic anomalies teach a reconstructive U-Net to redraw
the normal surface and a discriminative U-Net to segment what differs; the image threshold is chosen
on held-out OK images plus synthetic anomalies (F1-optimal), the only labelled data ad training has."""
import torch
import torch.nn.functional as F

from ..augment import augment, normalise
from ..metrics import auroc, best_f1_threshold
from ..models.unet import Draem, DraemExport
from ..protocol import emit
from .base import TaskBase
from .synthetic import synthesize


def focal(logits, target, gamma=2.0):
    logp = F.log_softmax(logits, 1)
    pt = logp.gather(1, target.unsqueeze(1)).exp().squeeze(1)
    return (-(1 - pt) ** gamma * logp.gather(1, target.unsqueeze(1)).squeeze(1)).mean()


class AnomalyTask(TaskBase):
    task = "ad"
    output_names = ["anomaly_map", "score"]

    def prepare(self, cfg, stop):
        self.read_config(cfg, stop)
        self.classes = [{"index": 0, "name": "good", "ok": True}, {"index": 1, "name": "defect", "ok": False}]
        train, val = self.split(len(self.items), float(self.params.get("valSplit", 0.2)), int(self.params["seed"]))
        emit("decoding", images=len(self.items))
        x, _ = self.decode(self.items, stop)
        rows = lambda idx: [i * self.n_regions + r for i in idx for r in range(self.n_regions)]  # noqa: E731
        self.xt, xv = x[rows(train)], x[rows(val)]
        self.n_train, self.n_val = len(self.xt), len(xv)
        # A fixed synthetic validation set: every held-out image once clean and once with an anomaly.
        gen = torch.Generator().manual_seed(int(self.params["seed"]) + 99)
        clean = normalise(xv)
        bad, masks = synthesize(clean, gen, p_anomaly=1.0)
        keep = masks.flatten(1).sum(1) > 0
        self.xv = torch.cat([clean, bad[keep]])
        self.yv = torch.cat([torch.zeros(len(clean)), torch.ones(int(keep.sum()))])
        self.mv = torch.cat([torch.zeros_like(masks), masks[keep]])
        self.arch = {"name": "draem", "channels": self.channels, "width": self.width}
        # Geometry-preserving photometric jitter only: flips would be fine but rotations blur texture.
        self.aug = {"flipH": 0.5, "flipV": 0.5, "brightness": 0.05, "contrast": 0.05}

    def build(self):
        return Draem(self.channels, self.width)

    def batches(self, gen, bs):
        order = torch.randperm(self.n_train, generator=gen)
        for i in range(0, self.n_train, bs):
            idx = order[i:i + bs]
            if len(idx) < 2:
                continue
            clean, _ = augment(self.xt[idx], self.aug, gen)
            x, mask = synthesize(clean, gen)
            yield x, clean, mask

    def loss(self, model, batch):
        x, clean, mask = batch
        rec, logits = model(x)
        return F.mse_loss(rec, clean) + focal(logits, mask)

    def _scores(self, model):
        exp = DraemExport(model)
        maps, scores = [], []
        for i in range(0, len(self.xv), 64):
            a, s = exp(self.xv[i:i + 64])
            maps.append(a)
            scores.append(s)
        return torch.cat(maps), torch.cat(scores)

    def validate(self, model):
        maps, scores = self._scores(model)
        rec, logits = model(self.xv[:64])
        val_loss = float(focal(logits, self.mv[:64]))
        img = auroc(scores, self.yv)
        pix = auroc(maps.flatten()[::7], self.mv.flatten()[::7])
        return {"valLoss": val_loss, "metrics": {"imageAUROC": img, "pixelAUROC": pix}, "score": img + 0.1 * pix}

    def finalize(self, model):
        _, scores = self._scores(model)
        thr, f1 = best_f1_threshold(scores, self.yv)
        ok = scores[self.yv == 0]
        return {"threshold": thr, "thresholdF1": f1, "okScoreMax": float(ok.max())}

    def export_module(self, model):
        return DraemExport(model)
