"""ad feature probe on a real OK-only set (DeepPCB anomaly layout: train/good, test/good, test/defect), outside
the engine: nearest-neighbour distance of raw pixel patches to a greedy-coreset bank of OK patches; image score =
the maximum of the (3x3-averaged) distance map. Measured 2026-11-25 (packages/vision/README.md, session 4):
S=320 P=8 ST=4 BANK=2048, 100 OK training images, 60 + 60 test images -> image AUROC 0.81 (max) / 0.87 (avg3),
where the engine's learned patch features (random weights, same protocol) read 0.50.
Run: S=320 P=8 ST=4 BANK=2048 NT=100 NE=60 nice -n 10 /usr/bin/python3 -u bench/quality-ad-probe.py [DATA_DIR]
"""
import sys, os, time, glob, torch, numpy as np
import torch.nn.functional as F
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'packages', 'trainer'))
D = sys.argv[1] if len(sys.argv) > 1 else '/work/data/deeppcb_ad'
from PIL import Image
from sightline_trainer.density import greedy_coreset
from sightline_trainer.metrics import auroc
torch.set_num_threads(2)
S = int(os.environ.get('S', 320)); BANK = int(os.environ.get('BANK', 2048)); NT = int(os.environ.get('NT', 100)); NE = int(os.environ.get('NE', 60))
P = int(os.environ.get('P', 8)); ST = int(os.environ.get('ST', 4))
def load(paths):
    BIN = int(os.environ.get("BIN", 0))  # 1: threshold at 128 first (removes the JPEG grey levels only the defective captures have)
    im = lambda p: Image.open(p).convert("L").point(lambda v: 255 if v >= 128 else 0) if BIN else Image.open(p).convert("L")
    return torch.stack([torch.from_numpy(np.array(im(p).resize((S, S), Image.BILINEAR))).unsqueeze(0) for p in paths]).float()/255
g = torch.Generator().manual_seed(0)
tr = sorted(glob.glob(D + '/train/good/*')); tr = [tr[i] for i in torch.randperm(len(tr), generator=g)[:NT]]
good = sorted(glob.glob(D + '/test/good/*')); bad = sorted(glob.glob(D + '/test/defect/*'))
sel = torch.randperm(min(len(good), len(bad)), generator=g)[:NE]
te = [good[i] for i in sel] + [bad[i] for i in sel]; y = torch.tensor([0.]*NE + [1.]*NE)
xt = load(tr); xe = load(te)
if int(os.environ.get('FLIP', 0)):  # 1: flipped copies of the OK images join the bank's candidates
    xt = torch.cat([xt, xt.flip(3), xt.flip(2), xt.flip(2, 3)])
def feats(x):
    u = F.unfold(x, P, stride=ST)  # B, P*P, L
    return u.transpose(1, 2)
t0 = time.time()
f = feats(xt); print('train patches', f.shape, flush=True)
# drop near-constant patches from the candidate pool? keep all but sample
flat = f.flatten(0, 1)
var = flat.var(1)
cand = torch.cat([flat[var > 1e-3][torch.randperm(int((var > 1e-3).sum()), generator=g)[:int(os.environ.get('CAND', 40000))]], flat[var <= 1e-3][:2000]])
bank = greedy_coreset(cand, BANK, g, candidates=len(cand)); print('coreset', time.time()-t0, flush=True)
bb = (bank * bank).sum(1)
sc = []; sc2 = []
for i in range(len(xe)):
    a = feats(xe[i:i+1])[0]
    d2 = (a * a).sum(1, keepdim=True) - 2 * a @ bank.t() + bb
    d = d2.amin(1).clamp(min=0).sqrt()
    n = int(round(d.numel() ** 0.5))
    m = d.view(1, 1, n, n)
    sc.append(float(m.max())); sc2.append(float(F.avg_pool2d(m, 3, 1).max()))
print('S', S, 'P', P, 'ST', ST, 'BANK', BANK, 'auroc max', auroc(torch.tensor(sc), y), 'auroc avg3', auroc(torch.tensor(sc2), y), 'time', time.time()-t0, flush=True)
