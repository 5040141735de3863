"""Kernels of the self-supervised ad methods: shrinkage Gaussian, coreset, nearest distance, CutPaste."""
import pytest
import torch

from sightline_trainer.density import greedy_coreset, ledoit_wolf, mahalanobis, nearest_distance
from sightline_trainer.protocol import TrainerError
from sightline_trainer.tasks import AD_DEFAULT, adapter_for
from sightline_trainer.tasks.ad import AnomalyTask
from sightline_trainer.tasks.ad_selfsup import CutPasteTask, PatchKnnTask
from sightline_trainer.tasks.cutpaste import cutpaste, three_way


def test_ledoit_wolf_is_invertible_with_fewer_samples_than_dimensions_and_exact_with_many():
    g = torch.Generator().manual_seed(0)
    few = torch.randn(10, 40, generator=g)
    mean, prec, shrink = ledoit_wolf(few)
    assert 0 < shrink <= 1 and torch.isfinite(prec).all()
    assert torch.allclose(mean, few.mean(0), atol=1e-6)
    scales = torch.tensor([1.0, 2.0, 0.5])
    many = torch.randn(20000, 3, generator=g) * scales
    _, prec, shrink = ledoit_wolf(many)
    assert shrink < 0.05
    assert torch.allclose(torch.diag(prec), 1 / scales ** 2, rtol=0.05)
    d = mahalanobis(torch.tensor([[2.0, 0.0, 0.0]]), torch.zeros(3), torch.diag(1 / scales ** 2))
    assert torch.allclose(d, torch.tensor([2.0]))


def test_nearest_distance_matches_cdist():
    g = torch.Generator().manual_seed(1)
    a, bank = torch.randn(2, 30, 8, generator=g), torch.randn(50, 8, generator=g)
    want = torch.cdist(a, bank.expand(2, 50, 8)).amin(-1)
    assert torch.allclose(nearest_distance(a, bank), want, atol=1e-4)


def test_greedy_coreset_covers_better_than_random_and_pads_small_sets():
    g = torch.Generator().manual_seed(2)
    x = torch.cat([torch.randn(2000, 4, generator=g), torch.randn(20, 4, generator=g) + 12])  # a rare far cluster
    core = greedy_coreset(x, 64, torch.Generator().manual_seed(3))
    rand = x[torch.randperm(len(x), generator=g)[:64]]
    cover = lambda bank: float(nearest_distance(x.unsqueeze(0), bank).max())  # noqa: E731
    assert core.shape == (64, 4) and cover(core) < cover(rand)
    small = greedy_coreset(x[:10], 64, g)
    assert small.shape == (64, 4) and float(nearest_distance(x[:10].unsqueeze(0), small).max()) == 0


def test_cutpaste_changes_only_a_masked_patch_and_labels_three_ways():
    g = torch.Generator().manual_seed(4)
    x = torch.rand(8, 1, 64, 64, generator=g) * 2 - 1
    for scar in (False, True):
        out, mask = cutpaste(x, g, scar=scar)
        area = mask.flatten(1).mean(1)
        assert (area > 0).all() and (area < 0.2).all()
        assert torch.equal(out[mask == 0], x[mask == 0])
        assert (out - x).abs().flatten(1).amax(1).gt(0).all()
    batch, labels = three_way(x, g)
    assert batch.shape == (24, 1, 64, 64) and labels.tolist() == [0] * 8 + [1] * 8 + [2] * 8


def test_adapter_is_chosen_by_algorithm_id():
    assert type(adapter_for("ad")) is type(adapter_for("ad", AD_DEFAULT))
    assert isinstance(adapter_for("ad", "ad-draem"), AnomalyTask)
    assert type(adapter_for("ad", "ad-cutpaste")) is CutPasteTask
    assert isinstance(adapter_for("ad", "ad-patchknn"), PatchKnnTask)
    with pytest.raises(TrainerError):
        adapter_for("ad", "ad-nope")


def test_pixel_patches_are_unfold_as_one_convolution():
    from sightline_trainer.models.selfsup import PixelPatches
    g = torch.Generator().manual_seed(7)
    x = torch.rand(2, 3, 24, 20, generator=g)
    f = PixelPatches(3)(x)
    want = torch.nn.functional.unfold(x, 8, stride=4)
    assert f.shape == (2, 3 * 64, 5, 4)
    assert torch.equal(f.flatten(2), want)


def test_self_distance_ignores_the_neighbourhood_and_finds_repeats():
    from sightline_trainer.models.selfsup import self_distance
    f = torch.zeros(1, 4 * 4, 2)
    f[0, 0] = torch.tensor([1.0, 0.0])  # cell (0, 0) repeats at (3, 3), outside its radius-1 neighbourhood
    f[0, 15] = torch.tensor([1.0, 0.0])
    f[0, 5] = torch.tensor([0.0, 3.0])  # cell (1, 1): unique
    f[0, 6] = torch.tensor([0.0, 3.0])  # its twin at (1, 2) is a neighbour: does not count
    d = self_distance(f, 4, 4, 1)[0]
    assert float(d[0]) == 0.0 and float(d[15]) == 0.0
    assert abs(float(d[5]) - 3.0) < 1e-5 and abs(float(d[6]) - 3.0) < 1e-5
    assert torch.isinf(self_distance(f[:, :1], 1, 1, 1)).all()  # nothing outside the neighbourhood
