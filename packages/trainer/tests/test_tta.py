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


def test_detector_flip_average_is_flip_equivariant():
    from sightline_trainer.models.detector import Detector, DetectorExport, tta_outputs

    torch.manual_seed(0)
    model = Detector(1, 3, 8).eval()
    x = torch.randn(2, 1, 32, 32)
    with torch.no_grad():
        heat, wh, off = model(x)
        plain = DetectorExport(model, "")(x)
        h = heat.sigmoid()
        assert torch.allclose(plain[0], h * (torch.nn.functional.max_pool2d(h, 3, 1, 1) == h).float())
        assert torch.allclose(plain[1], wh) and torch.allclose(plain[2], off)
        a, b = tta_outputs(model, x, "hv"), tta_outputs(model, x.flip(3), "hv")
        # Mirrored input: mirrored heatmap and sizes; the x offset of the mirrored centre is 1 - offset.
        assert torch.allclose(a[0], b[0].flip(3), atol=1e-5) and torch.allclose(a[1], b[1].flip(3), atol=1e-5)
        assert torch.allclose(a[2][:, 0], 1 - b[2][:, 0].flip(2), atol=1e-5)
        assert torch.allclose(a[2][:, 1], b[2][:, 1].flip(2), atol=1e-5)
        assert DetectorExport(model, "hv")(x)[0].shape == heat.shape


def test_detector_eight_view_average_is_transpose_equivariant():
    """With "t" the average also covers the transposed views (all eight right-angle orientations): a transposed
    input gives the transposed heatmap, and sizes and offsets with their x and y swapped."""
    from sightline_trainer.models.detector import Detector, tta_outputs

    torch.manual_seed(0)
    model = Detector(1, 3, 8).eval()
    x = torch.randn(2, 1, 32, 32)
    with torch.no_grad():
        a, b = tta_outputs(model, x, "hvt"), tta_outputs(model, x.transpose(2, 3), "hvt")
        assert torch.allclose(a[0], b[0].transpose(2, 3), atol=1e-5)
        assert torch.allclose(a[1], b[1].transpose(2, 3).flip(1), atol=1e-5)
        assert torch.allclose(a[2], b[2].transpose(2, 3).flip(1), atol=1e-5)
        assert torch.allclose(a[0], tta_outputs(model, x.flip(3), "hvt")[0].flip(3), atol=1e-5)
