"""sg and ad: a small U-Net."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from .blocks import BasicBlock


class UNet(nn.Module):
    def __init__(self, cin, cout, w=16):
        super().__init__()
        self.e1 = BasicBlock(cin, w)
        self.e2 = BasicBlock(w, 2 * w, 2)
        self.e3 = BasicBlock(2 * w, 4 * w, 2)
        self.e4 = BasicBlock(4 * w, 8 * w, 2)
        self.d3 = BasicBlock(8 * w + 4 * w, 4 * w)
        self.d2 = BasicBlock(4 * w + 2 * w, 2 * w)
        self.d1 = BasicBlock(2 * w + w, w)
        self.out = nn.Conv2d(w, cout, 1)

    @staticmethod
    def _up(x, ref):
        return F.interpolate(x, size=ref.shape[-2:], mode="bilinear", align_corners=False)

    def forward(self, x):
        e1 = self.e1(x)
        e2 = self.e2(e1)
        e3 = self.e3(e2)
        e4 = self.e4(e3)
        d3 = self.d3(torch.cat([self._up(e4, e3), e3], 1))
        d2 = self.d2(torch.cat([self._up(d3, e2), e2], 1))
        d1 = self.d1(torch.cat([self._up(d2, e1), e1], 1))
        return self.out(d1)


class SegmenterExport(nn.Module):
    """ONNX output: per-pixel probabilities, channel 0 is background."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x).softmax(1)


class Draem(nn.Module):
    """DRAEM: a reconstructive U-Net redraws the normal surface, a discriminative U-Net compares
    input and reconstruction and segments what differs."""

    def __init__(self, cin, w=16):
        super().__init__()
        self.recon = UNet(cin, cin, w)
        self.disc = UNet(2 * cin, 2, w)

    def forward(self, x):
        rec = self.recon(x)
        return rec, self.disc(torch.cat([x, rec], 1))


class DraemExport(nn.Module):
    """ONNX outputs: a smoothed anomaly heatmap [B,1,S,S] and the image score (its pooled maximum)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        _, logits = self.model(x)
        amap = logits.softmax(1)[:, 1:2]
        amap = F.avg_pool2d(amap, 5, 1, 2, count_include_pad=False)
        score = F.avg_pool2d(amap, 9, 1, 4, count_include_pad=False).flatten(1).max(1)[0]
        return amap, score
