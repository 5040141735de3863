"""ad with DRAEM: synthetic anomalies teach a reconstructive U-Net to redraw the normal surface and a
discriminative U-Net to segment what differs. Validation and the threshold live in ad_base."""
import torch
import torch.nn.functional as F

from ..augment import augment
from ..models.unet import Draem, DraemExport
from .ad_base import AnomalyBase
from .synthetic import synthesize


def focal(logits, target, gamma=2.0):
    logp = F.log_softmax(logits, 1)
    pt = logp.gather(1, target.unsqueeze(1)).exp().squeeze(1)
    return (-(1 - pt) ** gamma * logp.gather(1, target.unsqueeze(1)).squeeze(1)).mean()


class AnomalyTask(AnomalyBase):
    name = "draem"

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

    def val_loss(self, model):
        _, logits = model(self.xv[:64])
        return float(focal(logits, self.mv[:64]))

    def export_module(self, model):
        return DraemExport(model)
