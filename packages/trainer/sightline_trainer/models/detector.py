"""od: CenterNet-style anchor-free detector at output stride 4 (heatmap, size and offset heads)."""
import math

import torch
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


def tta_outputs(model, x, flips=""):
    """Network outputs averaged over the image and its mirror images along the flips training used ("h", "v",
    "hv": then the 180-degree turn too; "t" adds the transposed image of each view, the other four right-angle
    orientations): heatmap probabilities and sizes turned back and averaged; an offset along a flipped axis comes
    back as 1 - offset (the centre p = x + o of cell x is the flipped image's cell W-1-x at offset 1-o), a
    transposed view's sizes and offsets swap their axes. Returns (heat probabilities, sizes, offsets). Costs one
    pass per view."""
    views = [(False, False)]
    if "h" in flips:
        views.append((True, False))
    if "v" in flips:
        views.append((False, True))
    if "h" in flips and "v" in flips:
        views.append((True, True))
    views = [(fh, fv, False) for fh, fv in views]
    if "t" in flips:
        views += [(fh, fv, True) for fh, fv, _ in views]

    def turn(t, fh, fv, tr):
        if fh:
            t = t.flip(3)
        if fv:
            t = t.flip(2)
        return t.transpose(2, 3) if tr else t

    def back(t, fh, fv, tr, swap=False):
        if tr:
            t = t.transpose(2, 3)
            if swap:
                t = t.flip(1)  # (x, y) channels of a transposed view are (y, x)
        if fh:
            t = t.flip(3)
        if fv:
            t = t.flip(2)
        return t

    heat, wh, off = model(torch.cat([turn(x, *v) for v in views]) if len(views) > 1 else x)

    def view(t, i):  # the i-th view's outputs (batch-size agnostic in the ONNX graph)
        return t.reshape(len(views), -1, *t.shape[1:])[i]

    hs, ws, os_ = [], [], []
    for i, (fh, fv, tr) in enumerate(views):
        hs.append(back(view(heat, i).sigmoid(), fh, fv, tr))
        ws.append(back(view(wh, i), fh, fv, tr, swap=True))
        o = back(view(off, i), fh, fv, tr, swap=True)
        ox, oy = o[:, :1], o[:, 1:]
        os_.append(torch.cat([1 - ox if fh else ox, 1 - oy if fv else oy], 1))
    if len(views) == 1:
        return hs[0], ws[0], os_[0]
    k = float(len(views))
    return sum(hs) / k, sum(ws) / k, sum(os_) / k


class DetectorExport(nn.Module):
    """ONNX outputs: peak scores (sigmoid heatmap kept only at 3x3 local maxima), sizes and offsets, averaged
    over flips (test-time augmentation) when `flips` names any."""

    def __init__(self, model, flips=""):
        super().__init__()
        self.model = model
        self.flips = flips

    def forward(self, x):
        heat, wh, off = tta_outputs(self.model, x, self.flips)
        keep = (F.max_pool2d(heat, 3, 1, 1) == heat).float()
        return heat * keep, wh, off
