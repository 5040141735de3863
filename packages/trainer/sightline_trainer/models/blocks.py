"""Residual building blocks shared by every network."""
import torch.nn as nn


def conv_bn(cin, cout, k=3, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride, k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class BasicBlock(nn.Module):
    """ResNet basic block; a 1x1 projection when the shape changes."""

    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)
        self.proj = None
        if stride != 1 or cin != cout:
            self.proj = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        idt = x if self.proj is None else self.proj(x)
        y = self.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return self.relu(y + idt)


class Backbone(nn.Module):
    """Stem (stride 2) then four residual stages of stride 2: features at strides 4, 8, 16, 32."""

    def __init__(self, cin, w):
        super().__init__()
        self.stem = conv_bn(cin, w, 3, 2)
        self.s1 = BasicBlock(w, w, 2)
        self.s2 = BasicBlock(w, 2 * w, 2)
        self.s3 = BasicBlock(2 * w, 4 * w, 2)
        self.s4 = BasicBlock(4 * w, 8 * w, 2)
        self.channels = [w, 2 * w, 4 * w, 8 * w]

    def forward(self, x):
        f1 = self.s1(self.stem(x))
        f2 = self.s2(f1)
        f3 = self.s3(f2)
        f4 = self.s4(f3)
        return f1, f2, f3, f4
