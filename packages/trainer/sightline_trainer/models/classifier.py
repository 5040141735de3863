"""cf: a compact residual CNN."""
import torch.nn as nn

from .blocks import Backbone


class Classifier(nn.Module):
    def __init__(self, cin, classes, w=32):
        super().__init__()
        self.backbone = Backbone(cin, w)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.drop = nn.Dropout(0.2)
        self.fc = nn.Linear(8 * w, classes)

    def features(self, x):
        return self.pool(self.backbone(x)[-1]).flatten(1)

    def forward(self, x):
        return self.fc(self.drop(self.features(x)))


class ClassifierExport(nn.Module):
    """What ONNX carries: class probabilities."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x).softmax(1)
