"""cf: classification with class balancing, augmentation and accuracy-based early stopping."""
import torch
import torch.nn.functional as F

from ..augment import augment, normalise
from ..models.classifier import Classifier, ClassifierExport, tta_probs
from ..protocol import TrainerError
from .base import TaskBase


class ClassificationTask(TaskBase):
    task = "cf"
    output_names = ["probs"]

    def prepare(self, cfg, stop):
        self.read_config(cfg, stop)
        k = len(self.classes)
        labels = [int(it["label"]) for it in self.items]
        counts = [labels.count(c) for c in range(k)]
        if k < 2 or sum(1 for c in counts if c > 0) < 2:
            raise TrainerError("DATA_SINGLE_CLASS", "Classification needs images in at least 2 classes")
        empty = [self.classes[c]["name"] for c in range(k) if counts[c] == 0]
        if empty:
            raise TrainerError("DATA_EMPTY_CLASS", f"Classes without images: {', '.join(empty)}", {"classes": empty})
        train, val = self.split(len(self.items), float(self.params.get("valSplit", 0.2)), int(self.params["seed"]), labels)
        x, _ = self.decode(self.items, stop)
        y = torch.tensor(self.expand(labels))
        self.xt, self.yt = x[self.rows(train)], y[self.rows(train)]
        self.xv, self.yv = x[self.rows(val)], y[self.rows(val)]
        self.n_train, self.n_val = len(self.yt), len(self.yv)
        cnt = torch.bincount(self.yt, minlength=k).float().clamp(min=1)
        self.weights = (1.0 / cnt)[self.yt] if int(self.params.get("balanceClasses", 1)) else torch.ones(self.n_train)
        self.arch = {"name": "classifier", "channels": self.channels, "classes": k, "width": self.width}
        # Test-time augmentation over the flips the network was trained with (validation and the exported graph
        # alike); kept out of `arch` so earlier models stay relearnable.
        self.flips = "".join(f for f, key in (("h", "flipH"), ("v", "flipV")) if self.aug.get(key, 0.0) > 0)

    def build(self):
        return Classifier(self.channels, len(self.classes), self.width)

    def batches(self, gen, bs):
        order = torch.multinomial(self.weights, self.n_train, replacement=True, generator=gen)
        for i in range(0, self.n_train, bs):
            idx = order[i:i + bs]
            if len(idx) < 2:
                continue
            x, _ = augment(self.xt[idx], self.aug, gen)
            yield x, self.yt[idx]

    def loss(self, model, batch):
        x, y = batch
        return F.cross_entropy(model(x), y, label_smoothing=0.05)

    def validate(self, model):
        # Epochs are judged on the network alone (TTA would add a third to each epoch's cost); the kept model's
        # final metrics are those of what is exported, with TTA.
        flips = self.flips if getattr(self, "finishing", False) else ""
        probs = torch.cat([tta_probs(model, normalise(self.xv[i:i + 128]), flips) for i in range(0, self.n_val, 128)])
        loss = float(F.nll_loss(probs.clamp(min=1e-12).log(), self.yv))
        pred = probs.argmax(1)
        acc = float((pred == self.yv).float().mean())
        share = float(torch.bincount(pred, minlength=len(self.classes)).max()) / max(len(pred), 1)
        one_class = share >= 1.0 and len(torch.unique(self.yv)) > 1
        return {"valLoss": loss, "metrics": {"accuracy": acc, "topPredictedShare": share},
                "score": acc - 1e-3 * loss, "degenerate": one_class}

    def degenerate(self, metrics):
        k = len(self.classes)
        present = len(torch.unique(self.yv))
        if present > 1 and (metrics.get("topPredictedShare") or 0.0) >= 1.0:
            return "every validation image is predicted as the same class"
        if present > 1 and (metrics.get("accuracy") or 0.0) <= 1.0 / k + 0.02:
            return f"validation accuracy {metrics.get('accuracy') or 0.0:.3f} is at chance level for {k} classes"
        return None

    def export_module(self, model):
        return ClassifierExport(model, self.flips)
