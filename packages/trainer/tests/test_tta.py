"""cf test-time augmentation: the exported probabilities average the flips training used."""
import torch

from sightline_trainer.models.classifier import Classifier, ClassifierExport


def test_flip_average_is_flip_invariant_and_a_distribution():
    torch.manual_seed(0)
    model = Classifier(1, 3, 8).eval()
    x = torch.randn(2, 1, 32, 32)
    with torch.no_grad():
        hv = ClassifierExport(model, "hv")
        for flipped in (x.flip(3), x.flip(2), x.flip(2).flip(3)):
            assert torch.allclose(hv(x), hv(flipped), atol=1e-5)
        h = ClassifierExport(model, "h")
        assert torch.allclose(h(x), h(x.flip(3)), atol=1e-5)
        plain = ClassifierExport(model, "")
        assert torch.allclose(plain(x), model(x).softmax(1))
        # Without a flip the network alone answers; a flipped image is (almost surely) judged differently.
        assert not torch.allclose(plain(x), plain(x.flip(3)), atol=1e-5)
        for out in (hv(x), h(x), plain(x)):
            assert out.shape == (2, 3)
            assert torch.allclose(out.sum(1), torch.ones(2), atol=1e-5)
