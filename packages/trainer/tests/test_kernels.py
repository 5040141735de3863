"""Small kernels: AUROC, threshold choice, synthetic anomalies, augmentation shapes."""
import itertools

import torch

from sightline_trainer.augment import augment
from sightline_trainer.metrics import auroc, best_f1_threshold
from sightline_trainer.tasks.synthetic import synthesize


def brute_auroc(scores, labels):
    pos = [s for s, l in zip(scores, labels) if l]
    neg = [s for s, l in zip(scores, labels) if not l]
    wins = sum(1.0 if p > n else 0.5 if p == n else 0.0 for p, n in itertools.product(pos, neg))
    return wins / (len(pos) * len(neg))


def test_auroc_matches_pairwise_definition_with_ties():
    g = torch.Generator().manual_seed(0)
    scores = torch.randint(0, 5, (40,), generator=g).float().tolist()
    labels = (torch.rand(40, generator=g) > 0.5).tolist()
    assert abs(auroc(scores, labels) - brute_auroc(scores, labels)) < 1e-12


def test_best_f1_threshold_separates_separable_scores():
    thr, f1 = best_f1_threshold([0.1, 0.2, 0.3, 0.8, 0.9], [0, 0, 0, 1, 1])
    assert 0.3 < thr < 0.8 and f1 == 1.0


def test_synthetic_anomalies_change_only_masked_pixels():
    g = torch.Generator().manual_seed(1)
    x = torch.rand(16, 1, 48, 48, generator=g) * 2 - 1
    out, mask = synthesize(x, g, p_anomaly=1.0)
    assert mask.shape == (16, 48, 48)
    assert (mask.flatten(1).sum(1) > 0).float().mean() > 0.8
    unchanged = mask.unsqueeze(1) == 0
    assert torch.equal(out[unchanged], x[unchanged])


def test_augment_keeps_shape_range_and_mask_alignment():
    g = torch.Generator().manual_seed(2)
    x = torch.randint(0, 256, (4, 1, 32, 32), dtype=torch.uint8)
    masks = torch.zeros(4, 32, 32, dtype=torch.long)
    masks[:, :16] = 1
    y, m = augment(x, {"flipV": 1.0}, g, masks=masks)
    assert y.shape == (4, 1, 32, 32) and y.min() >= -1 and y.max() <= 1
    assert m[:, 16:].eq(1).all() and m[:, :16].eq(0).all()
