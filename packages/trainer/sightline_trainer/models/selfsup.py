"""ad without a pretrained backbone: a residual encoder trained from scratch on CutPaste self-supervision
(normal vs. CutPaste vs. CutPaste-scar), then a density over its features fitted on OK images. The
fitted statistics are buffers, so they travel in the state_dict, the checkpoint and the ONNX graph."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ..density import mahalanobis, nearest_distance, soft_unit
from .blocks import Backbone


class CutPasteEncoder(nn.Module):
    """Backbone + MLP head for the 3-way CutPaste task; exposes the pooled embedding (stride 32) and
    locally aggregated patch features (stages 1 and 2 at stride 4)."""

    def __init__(self, cin, w):
        super().__init__()
        self.backbone = Backbone(cin, w)
        d = 8 * w
        self.head = nn.Sequential(nn.Linear(d, d), nn.BatchNorm1d(d), nn.ReLU(inplace=True), nn.Linear(d, 3))
        self.embed_dim, self.patch_dim = d, 3 * w

    def features(self, x):
        f1, f2, _, f4 = self.backbone(x)
        emb = f4.mean((2, 3))
        up = F.interpolate(f2, size=f1.shape[-2:], mode="bilinear", align_corners=False)
        # 3x3 neighbourhood averaging (PatchCore's local aggregation): a patch sees its surroundings.
        local = F.avg_pool2d(torch.cat([f1, up], 1), 3, 1, 1, count_include_pad=False)
        return emb, local

    def forward(self, x):
        return self.head(self.features(x)[0])


class PixelPatches(nn.Module):
    """Raw pixel patches as patch features: every P x P neighbourhood at stride ST, flattened ([B, C*P*P, h, w]),
    written as one fixed one-hot convolution (a plain Conv in ONNX; the same values as F.unfold). No weights to
    learn: what a small defect changes (a few pixels of a track, a pinhole) stays in the feature, where the
    large receptive field of an encoder trained from scratch on a few hundred images mostly encodes layout."""

    def __init__(self, cin, patch=8, stride=4):
        super().__init__()
        w = torch.zeros(cin * patch * patch, cin, patch, patch)
        for c in range(cin):
            for i in range(patch * patch):
                w[c * patch * patch + i, c, i // patch, i % patch] = 1.0
        # Not persistent: rebuilt identically from the arch, so checkpoints carry only the bank.
        self.register_buffer("weight", w, persistent=False)
        self.stride = stride
        self.dim = cin * patch * patch

    def forward(self, x):
        return F.conv2d(x, self.weight, stride=self.stride)


def to_heatmap(d, size, k=None):
    """[B, h, w] distances -> [B, 1, S, S]: upsampled to input resolution and smoothed (box filter of k px,
    twice; by default size/16). `size` is a constant of the exported graph (the input size is fixed), hence int()."""
    size = int(size)
    m = F.interpolate(d.unsqueeze(1), size=(size, size), mode="bilinear", align_corners=False)
    k = (max(3, size // 16) if k is None else k) | 1
    return F.avg_pool2d(F.avg_pool2d(m, k, 1, k // 2, count_include_pad=False), k, 1, k // 2, count_include_pad=False)


def self_distance(f, h, w, radius):
    """[B, L, D] patch features of one image (or tile) on an h x w cell grid -> [B, L]: distance from each patch
    to the nearest patch of the same image outside its (2*radius+1)^2-cell neighbourhood. A normal pattern the
    bank lacks (a layout never seen among the OK images: rotated text, diagonal tracks) mostly repeats elsewhere
    in the image, a defect rarely does. h, w and radius are constants of the exported graph (fixed input)."""
    ff = (f * f).sum(-1)
    d2 = ff.unsqueeze(-1) - 2 * f @ f.transpose(1, 2) + ff.unsqueeze(1)
    yy = torch.arange(h).repeat_interleave(w)
    xx = torch.arange(w).repeat(h)
    near = ((yy[:, None] - yy[None]).abs() <= radius) & ((xx[:, None] - xx[None]).abs() <= radius)
    return d2.masked_fill(near, float("inf")).amin(-1).clamp(min=0).sqrt()


class CutPasteGaussian(nn.Module):
    """CutPaste (Li et al. 2021): image score = Mahalanobis distance of the pooled embedding under a
    Gaussian of OK images; heatmap = the same over per-location patch features."""

    def __init__(self, cin, w):
        super().__init__()
        self.encoder = CutPasteEncoder(cin, w)
        d, p = self.encoder.embed_dim, self.encoder.patch_dim
        self.register_buffer("img_mean", torch.zeros(d))
        self.register_buffer("img_prec", torch.eye(d))
        self.register_buffer("img_scale", torch.ones(1))
        self.register_buffer("loc_mean", torch.zeros(p))
        self.register_buffer("loc_prec", torch.eye(p))
        self.register_buffer("loc_scale", torch.ones(1))

    def forward(self, x):
        return self.encoder(x)

    def distances(self, x):
        """Raw (unscaled) image distances [B] and location distance maps [B, h, w]."""
        emb, local = self.encoder.features(x)
        loc = mahalanobis(local.permute(0, 2, 3, 1), self.loc_mean, self.loc_prec)
        return mahalanobis(emb, self.img_mean, self.img_prec), loc

    def anomaly(self, x):
        img, loc = self.distances(x)
        return soft_unit(to_heatmap(loc, x.shape[-1]), self.loc_scale), soft_unit(img, self.img_scale)


class PatchKnn(nn.Module):
    """PatchCore-style scoring: a bounded memory bank of OK patch features; a patch's anomaly is its distance
    to the nearest bank entry; image score = map maximum. Features `learned`: the CutPaste-trained encoder
    (stages 1+2, stride 4); `pixel`: raw 8x8 pixel patches at stride 4 (PixelPatches, nothing to train), whose
    distance map is averaged over 3x3 cells (a defect spans several overlapping patches, noise does not)."""

    def __init__(self, cin, w, bank, features="learned", self_match=0):
        super().__init__()
        self.features = features
        self.self_match = int(self_match) if features == "pixel" else 0
        if features == "pixel":
            self.pixel = PixelPatches(cin)
            dim = self.pixel.dim
        else:
            self.encoder = CutPasteEncoder(cin, w)
            dim = self.encoder.patch_dim
        self.register_buffer("bank", torch.zeros(bank, dim))
        self.register_buffer("scale", torch.ones(1))

    def forward(self, x):
        return self.encoder(x)

    def local(self, x):
        """Patch features [B, D, h, w]."""
        return self.pixel(x) if self.features == "pixel" else self.encoder.features(x)[1]

    def distances(self, x):
        local = self.local(x)
        b, c, h, w = local.shape
        f = local.flatten(2).transpose(1, 2)
        d = nearest_distance(f, self.bank)
        if self.self_match:
            d = torch.minimum(d, self_distance(f, int(h), int(w), self.self_match))
        d = d.view(b, h, w)
        if self.features == "pixel":
            d = F.avg_pool2d(d.unsqueeze(1), 3, 1, 1, count_include_pad=False).squeeze(1)
        return d

    def anomaly(self, x):
        d = self.distances(x)
        if self.features == "pixel":
            # Score from the 3x3-averaged cell map itself; the heatmap only lightly smoothed (one cell).
            amap = soft_unit(to_heatmap(d, x.shape[-1], k=self.pixel.stride + 1), self.scale)
            return amap, soft_unit(d.flatten(1).amax(1), self.scale)
        amap = soft_unit(to_heatmap(d, x.shape[-1]), self.scale)
        return amap, amap.flatten(1).amax(1)


class AnomalyExport(nn.Module):
    """ONNX outputs shared by every ad method: anomaly_map [B,1,S,S] in 0..1 and score [B]."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model.anomaly(x)
