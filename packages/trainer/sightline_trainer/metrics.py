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


def box_iou(a, b):
    """IoU matrix of [N,4] and [M,4] boxes (x1, y1, x2, y2)."""
    lt = torch.maximum(a[:, None, :2], b[None, :, :2])
    rb = torch.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area_a = (a[:, 2:] - a[:, :2]).clamp(min=0).prod(-1)
    area_b = (b[:, 2:] - b[:, :2]).clamp(min=0).prod(-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter).clamp(min=1e-9)


def average_precision_50(dets, gts, classes):
    """mAP at IoU 0.5 (all-point interpolation) over classes with ground truth; `dets` per image [N,6]
    (class, score, x1, y1, x2, y2), `gts` per image [M,5] (class, x1, y1, x2, y2). Returns (mAP, per-class APs)."""
    aps = []
    for c in range(classes):
        n_gt = sum(int((g[:, 0] == c).sum()) for g in gts)
        if n_gt == 0:
            aps.append(float("nan"))
            continue
        records = []
        for i, (d, g) in enumerate(zip(dets, gts)):
            dc = d[d[:, 0] == c]
            gc = g[g[:, 0] == c][:, 1:]
            dc = dc[torch.argsort(dc[:, 1], descending=True)]
            used = torch.zeros(len(gc), dtype=torch.bool)
            ious = box_iou(dc[:, 2:], gc) if len(gc) and len(dc) else None
            for j in range(len(dc)):
                hit = False
                if ious is not None:
                    best = torch.where(used, torch.tensor(-1.0), ious[j])
                    k = int(torch.argmax(best))
                    if float(best[k]) >= 0.5:
                        used[k], hit = True, True
                records.append((float(dc[j, 1]), hit))
        if not records:
            aps.append(0.0)
            continue
        records.sort(key=lambda r: -r[0])
        hits = torch.tensor([r[1] for r in records], dtype=torch.float64)
        tp = torch.cumsum(hits, 0)
        fp = torch.cumsum(1 - hits, 0)
        recall = tp / n_gt
        precision = tp / (tp + fp)
        # Precision envelope, then the area under the stepwise curve.
        for k in range(len(precision) - 2, -1, -1):
            precision[k] = max(precision[k], precision[k + 1])
        prev, ap = 0.0, 0.0
        for r, p in zip(recall.tolist(), precision.tolist()):
            ap += (r - prev) * p
            prev = r
        aps.append(ap)
    present = [a for a in aps if a == a]
    return (sum(present) / len(present) if present else 0.0), aps
