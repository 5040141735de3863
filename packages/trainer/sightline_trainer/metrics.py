"""Small metric helpers used for validation inside training (the full evaluation lives in TypeScript)."""
import torch


def auroc(scores, labels):
    """Area under the ROC curve by the rank-sum formula; ties share their average rank."""
    scores = torch.as_tensor(scores, dtype=torch.float64).flatten()
    labels = torch.as_tensor(labels).flatten().bool()
    pos, neg = int(labels.sum()), int((~labels).sum())
    if pos == 0 or neg == 0:
        return float("nan")
    order = torch.argsort(scores)
    ranks = torch.empty_like(scores)
    ranks[order] = torch.arange(1, len(scores) + 1, dtype=torch.float64)
    sorted_scores = scores[order]
    uniq, inverse, counts = torch.unique(sorted_scores, return_inverse=True, return_counts=True)
    if len(uniq) < len(scores):
        sums = torch.zeros(len(uniq), dtype=torch.float64).index_add_(0, inverse, ranks[order])
        ranks[order] = (sums / counts)[inverse]
    return float((ranks[labels].sum() - pos * (pos + 1) / 2) / (pos * neg))


def best_f1_threshold(scores, labels):
    """The threshold (midpoint between neighbouring scores) that maximises F1."""
    scores = torch.as_tensor(scores, dtype=torch.float64)
    labels = torch.as_tensor(labels).bool()
    order = torch.argsort(scores, descending=True)
    s, l = scores[order], labels[order].double()
    tp = torch.cumsum(l, 0)
    fp = torch.cumsum(1 - l, 0)
    fn = l.sum() - tp
    f1 = 2 * tp / (2 * tp + fp + fn).clamp(min=1)
    i = int(torch.argmax(f1))
    nxt = float(s[i + 1]) if i + 1 < len(s) else float(s[i]) - 1e-6
    return (float(s[i]) + nxt) / 2, float(f1[i])


def iou_per_class(pred, target, classes):
    """IoU for class indices 1..classes (0 is background); NaN when a class is absent in both."""
    out = []
    for c in range(1, classes + 1):
        p, t = pred == c, target == c
        union = int((p | t).sum())
        out.append(float((p & t).sum()) / union if union else float("nan"))
    return out
