"""Density kernels for anomaly scoring on learned features: a shrinkage Gaussian (CutPaste), greedy
coreset subsampling and nearest-neighbour distances written as matmuls (patch kNN). The forward-time
parts use only ops that export to ONNX opset 13."""
import torch


def ledoit_wolf(x):
    """Mean and precision of x [n, p] with Ledoit-Wolf shrinkage towards a scaled identity: with a few
    dozen OK images and a hundred feature dimensions the sample covariance is singular."""
    x = x.double()
    n, p = x.shape
    mean = x.mean(0)
    xc = x - mean
    s = xc.T @ xc / n
    mu = torch.trace(s) / p
    eye = torch.eye(p, dtype=torch.float64)
    d2 = ((s - mu * eye) ** 2).sum()
    # b² = (1/n²) Σ_k ||x_k x_kᵀ − S||²_F, expanded so that no p×p matrix per sample is formed.
    b2 = ((xc ** 2).sum(1) ** 2).sum() / n ** 2 - (s ** 2).sum() / n
    shrink = float((b2.clamp(min=0) / d2.clamp(min=1e-12)).clamp(max=1.0))
    cov = (1 - shrink) * s + shrink * mu * eye + 1e-6 * mu.clamp(min=1e-12) * eye
    return mean.float(), torch.linalg.inv(cov).float(), shrink


def mahalanobis(f, mean, prec):
    """f [..., p] -> distance [...]."""
    d = f - mean
    return ((d @ prec) * d).sum(-1).clamp(min=0).sqrt()


def nearest_distance(a, bank):
    """Euclidean distance from each row of a [B, P, D] to its nearest bank row [K, D] -> [B, P], as
    ||a||² − 2ab + ||b||² so that it is one matmul plus a ReduceMin in ONNX."""
    d2 = (a * a).sum(-1, keepdim=True) - 2 * a @ bank.t() + (bank * bank).sum(-1)
    return torch.amin(d2, dim=-1).clamp(min=0).sqrt()


def greedy_coreset(x, k, gen, candidates=30000):
    """k rows of x [n, d] chosen greedily to minimise the largest distance of any row to the chosen set
    (PatchCore's k-center coreset). More than `candidates` rows are first subsampled at random to keep
    CPU time bounded; fewer than k rows are repeated (a duplicate never changes a nearest distance)."""
    n = x.shape[0]
    if n > candidates:
        x = x[torch.randperm(n, generator=gen)[:candidates]]
        n = candidates
    if n <= k:
        return x[torch.arange(k) % n].clone()
    chosen = torch.empty(k, dtype=torch.long)
    nearest = torch.full((n,), float("inf"))
    # ||x - c||² = ||x||² - 2 x·c + ||c||²: one matrix-vector product per pick instead of an n x d difference.
    sq = (x * x).sum(1)
    i = int(torch.randint(0, n, (1,), generator=gen))
    for j in range(k):
        chosen[j] = i
        nearest = torch.minimum(nearest, (sq - 2 * (x @ x[i]) + sq[i]).clamp(min=0))
        i = int(torch.argmax(nearest))
    return x[chosen].clone()


def soft_unit(d, scale):
    """Maps distances >= 0 to 0..1 monotonically (d / (d + scale)): the heatmap is read as 0..1 downstream
    (binned pixel AUROC, display), and a monotone map changes no ranking."""
    return d / (d + scale)
