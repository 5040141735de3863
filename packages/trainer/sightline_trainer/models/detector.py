"""od: CenterNet-style anchor-free detector at output stride 4 (heatmap, size and offset heads)."""
import math

import torch.nn as nn
import torch.nn.functional as F

from .blocks import Backbone, conv_bn

STRIDE = 4


class Detector(nn.Module):
    def __init__(self, cin, classes, w=24):
        super().__init__()
        self.backbone = Backbone(cin, w)
        c1, c2, c3, c4 = self.backbone.channels
        self.lat3 = nn.Conv2d(c3, c1 * 2, 1)
        self.lat2 = nn.Conv2d(c2, c1 * 2, 1)
        self.lat1 = nn.Conv2d(c1, c1 * 2, 1)
        self.top = nn.Conv2d(c4, c1 * 2, 1)
        self.smooth = conv_bn(c1 * 2, c1 * 2)

        def head(out):
            return nn.Sequential(conv_bn(c1 * 2, c1 * 2), nn.Conv2d(c1 * 2, out, 1))

        self.heat = head(classes)
        self.wh = head(2)
        self.offset = head(2)
        # CenterNet prior: the heatmap starts near 0.1 so the focal loss is stable at first.
        self.heat[-1].bias.data.fill_(-math.log((1 - 0.1) / 0.1))

    def forward(self, x):
        f1, f2, f3, f4 = self.backbone(x)
        p = self.top(f4)
        p = F.interpolate(p, size=f3.shape[-2:], mode="nearest") + self.lat3(f3)
        p = F.interpolate(p, size=f2.shape[-2:], mode="nearest") + self.lat2(f2)
        p = F.interpolate(p, size=f1.shape[-2:], mode="nearest") + self.lat1(f1)
        p = self.smooth(p)
        return self.heat(p), self.wh(p), self.offset(p)


class DetectorExport(nn.Module):
    """ONNX outputs: peak scores (sigmoid heatmap kept only at 3x3 local maxima), sizes and offsets."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        heat, wh, off = self.model(x)
        heat = heat.sigmoid()
        keep = (F.max_pool2d(heat, 3, 1, 1) == heat).float()
        return heat * keep, wh, off
