// Parameter building blocks shared by several algorithms (declared once, reused by reference).
import type { AlgorithmParamInput } from './types';

type Def = [
  key: string,
  ko: string,
  en: string,
  descKo: string,
  descEn: string,
  def: number,
  min: number,
  max: number,
  integer?: boolean,
  auto?: boolean,
];
const p = ([
  key,
  ko,
  en,
  descKo,
  descEn,
  def,
  min,
  max,
  integer = false,
  auto = false,
]: Def): AlgorithmParamInput => ({
  key,
  name: { ko, en },
  description: { ko: descKo, en: descEn },
  default: def,
  min,
  max,
  integer,
  auto,
});

export const epochs = (def: number) =>
  p([
    'epochs',
    '학습 횟수',
    'Epochs',
    '전체 데이터를 학습하는 최대 반복 횟수',
    'Maximum passes over the training data',
    def,
    1,
    500,
    true,
  ]);
/** Epochs picked by the engine from the dataset (0, the default): a number of optimiser steps measured on real
 *  sets, as epochs of this dataset (10–200); the time budget cuts further. */
export const autoEpochs = p([
  'epochs',
  '학습 횟수',
  'Epochs',
  '전체 데이터를 학습하는 최대 반복 횟수. 0(기본)이면 자동: 데이터 양에 맞춰 정함(10~200, 시간 예산 안에서)',
  'Maximum passes over the training data; 0 (default) = auto: picked from the amount of data (10–200, within the time budget)',
  0,
  1,
  500,
  true,
  true,
]);
export const batchSize = (def: number) =>
  p([
    'batchSize',
    '배치 크기',
    'Batch size',
    '한 번에 학습하는 이미지 수',
    'Images per optimisation step',
    def,
    1,
    256,
    true,
  ]);
export const learningRate = (def: number) =>
  p([
    'learningRate',
    '학습률',
    'Learning rate',
    '최적화 단계 크기(AdamW)',
    'Optimiser step size (AdamW)',
    def,
    0.00001,
    0.1,
  ]);
export const inputSize = (def: number) =>
  p([
    'inputSize',
    '입력 크기',
    'Input size',
    '모델에 입력되는 정사각형 이미지의 한 변(px)',
    'Side of the square image fed to the network (px)',
    def,
    32,
    512,
    true,
  ]);
/** Input side (or tile side) picked by the engine from the image sizes (0, the default). */
export const autoInputSize = p([
  'inputSize',
  '입력 크기',
  'Input size',
  '모델에 입력되는 정사각형 이미지(또는 타일)의 한 변(px). 0(기본)이면 자동: 이미지 크기와 시간 예산에 맞춰 정함',
  'Side of the square image (or tile) fed to the network (px); 0 (default) = auto: picked from the image sizes and the time budget',
  0,
  32,
  512,
  true,
  true,
]);
export const grayscale = p([
  'grayscale',
  '흑백 입력',
  'Grayscale input',
  '1이면 흑백 1채널, 0이면 컬러 3채널로 학습',
  '1 trains on one grey channel, 0 on three colour channels',
  0,
  0,
  1,
  true,
]);
export const patience = (def: number) =>
  p([
    'patience',
    '조기 종료 인내',
    'Early-stopping patience',
    '검증 성능이 좋아지지 않아도 기다리는 학습 횟수',
    'Epochs to wait without validation improvement',
    def,
    1,
    100,
    true,
  ]);
export const valSplit = p([
  'valSplit',
  '검증 비율',
  'Validation split',
  '검증에 쓰는 이미지 비율',
  'Share of images held out for validation',
  0.2,
  0.05,
  0.5,
]);
export const seed = p([
  'seed',
  '난수 시드',
  'Random seed',
  '같은 시드는 같은 결과를 만듭니다',
  'The same seed gives the same result',
  42,
  0,
  2147483647,
  true,
]);
export const width = (def: number) =>
  p([
    'width',
    '모델 너비',
    'Model width',
    '첫 단계의 채널 수(클수록 정확하지만 느림)',
    'Channels of the first stage (wider is more accurate but slower)',
    def,
    8,
    128,
    true,
  ]);
export const scale = p([
  'scale',
  '해상도 배율',
  'Resolution scale',
  '0이면 자동: 데이터(이미지·결함 크기)에 맞춰 원본 해상도 배율을 고르고 입력 크기의 타일로 나누어 학습·추론(가로세로 비율 유지). 0보다 크면 그 배율로 축소한 뒤 타일로 나눔',
  '0 = auto: picks the resolution scale from the data (image and defect sizes) and trains/infers on input-size tiles at that scale, aspect ratio kept; above 0, that scale is used',
  0,
  0,
  1,
]);
/** Anomaly detection keeps the whole image by default: on real objects the tile mode lost the global context
 *  (DeepPCB image AUROC 0.53 tiled) and cost minutes per epoch; tiles stay available (0 = auto, > 0 = scale). */
export const adScale = p([
  'scale',
  '해상도 배율',
  'Resolution scale',
  '-1(기본)이면 이미지 전체를 입력 크기로 변환. 0이면 자동 배율의 타일로 나누어 학습·추론, 0보다 크면 그 배율로 축소한 뒤 타일로 나눔',
  '-1 (default) = the whole image resized to the input size; 0 = tiles at an automatic scale; above 0, tiles at that scale',
  -1,
  -1,
  1,
]);
/** Patch kNN with raw pixel patches (the default features) tiles by default: nothing is trained, so tiles cost
 *  only inference, and small defects (DeepPCB: 2-20 px on 640 px boards) need native resolution (image AUROC
 *  0.972 at scale 1 against 0.914 at 0.5, packages/vision/README.md session 8). */
export const adTileScale = p([
  'scale',
  '해상도 배율',
  'Resolution scale',
  '0(기본)이면 자동 배율의 타일로 나누어 학습·추론(긴 변이 타일 약 7개 이하이면 원본 해상도, 더 크면 약 7개가 되도록 축소), 0보다 크면 그 배율로 축소한 뒤 타일로 나눔, -1이면 이미지 전체를 입력 크기로 변환',
  '0 (default) = tiles at an automatic scale (native resolution while the long side spans at most about seven tiles, else scaled down to seven); above 0, tiles at that scale; -1 = the whole image resized to the input size',
  0,
  -1,
  1,
]);
export const timeBudget = p([
  'timeBudget',
  '시간 예산(초)',
  'Time budget (s)',
  '학습 전체의 최대 시간. 한 에폭의 시간을 재어 학습 횟수를 이 시간에 맞게 줄임(0이면 제한 없음)',
  'Longest time for the whole training; the epochs shrink to fit once an epoch has been timed (0 = no limit)',
  840,
  0,
  86400,
  true,
]);
export const balanceClasses = p([
  'balanceClasses',
  '클래스 균형',
  'Class balancing',
  '1이면 적은 클래스를 더 자주 뽑아 균형을 맞춤',
  '1 samples rare classes more often',
  1,
  0,
  1,
  true,
]);
export const memoryBank = p([
  'memoryBank',
  '메모리 뱅크 크기',
  'Memory bank size',
  '정상 패치 특징을 코어셋으로 줄여 저장하는 최대 개수(클수록 정확하지만 느리고 메모리를 더 씀)',
  'Most OK patch features kept after coreset subsampling (larger is more accurate but slower and needs more memory)',
  1024,
  64,
  4096,
  true,
]);
export const patchFeatures = p([
  'patchFeatures',
  '패치 특징',
  'Patch features',
  '0(기본)이면 자동(현재는 원본 화소 패치), 1이면 자기지도 학습한 네트워크 특징, 2이면 8×8 원본 화소 패치(학습 없음, 작은 결함에 강함)',
  '0 (default) = auto (currently raw pixel patches), 1 = features of a network trained by self-supervision, 2 = raw 8×8 pixel patches (nothing to train; suited to small defects)',
  0,
  0,
  2,
  true,
]);

export const inferBatch = p([
  'batchSize',
  '배치 크기',
  'Batch size',
  '한 번에 추론하는 이미지 수',
  'Images per inference batch',
  16,
  1,
  256,
  true,
]);
export const scoreThreshold = (def: number) =>
  p([
    'scoreThreshold',
    '점수 임계값',
    'Score threshold',
    '이 점수 이상만 결과로 표시',
    'Only results scoring at least this are reported',
    def,
    0,
    1,
  ]);
export const nmsIou = p([
  'nmsIou',
  'NMS IoU',
  'NMS IoU',
  '겹침이 이보다 큰 상자는 하나만 남김',
  'Boxes overlapping more than this are merged into one',
  0.5,
  0.05,
  0.95,
]);
export const maxDetections = p([
  'maxDetections',
  '최대 검출 수',
  'Max detections',
  '이미지당 최대 상자 수',
  'Maximum boxes per image',
  100,
  1,
  1000,
  true,
]);
export const minArea = p([
  'minArea',
  '최소 영역',
  'Minimum area',
  '이보다 작은 영역(px)은 무시',
  'Regions smaller than this (px) are ignored',
  4,
  0,
  100000,
  true,
]);
export const polygonTolerance = p([
  'polygonTolerance',
  '다각형 단순화',
  'Polygon simplification',
  '다각형 꼭짓점을 줄이는 허용 오차(px)',
  'Tolerance (px) for reducing polygon points',
  1,
  0,
  20,
]);
export const thresholdOffset = p([
  'thresholdScale',
  '임계값 배율',
  'Threshold scale',
  '검증으로 고른 임계값에 곱하는 배율',
  'Multiplier applied to the threshold chosen on validation data',
  1,
  0.1,
  10,
]);

export const flipH = p([
  'flipH',
  '좌우 반전 확률',
  'Horizontal flip probability',
  '이미지를 좌우로 뒤집을 확률',
  'Probability of mirroring left to right',
  0.5,
  0,
  1,
]);
export const flipV = p([
  'flipV',
  '상하 반전 확률',
  'Vertical flip probability',
  '이미지를 상하로 뒤집을 확률',
  'Probability of mirroring top to bottom',
  0.5,
  0,
  1,
]);
export const rotate = p([
  'rotate',
  '회전 각도',
  'Rotation (degrees)',
  '무작위 회전의 최대 각도',
  'Largest random rotation',
  15,
  0,
  180,
]);
export const brightness = p([
  'brightness',
  '밝기 변화',
  'Brightness change',
  '밝기를 바꾸는 최대 비율',
  'Largest relative brightness change',
  0.2,
  0,
  1,
]);
export const contrast = p([
  'contrast',
  '대비 변화',
  'Contrast change',
  '대비를 바꾸는 최대 비율',
  'Largest relative contrast change',
  0.2,
  0,
  1,
]);
export const noise = p([
  'noise',
  '노이즈',
  'Noise',
  '가우시안 노이즈 표준편차(0~1 밝기 기준)',
  'Gaussian noise standard deviation (on a 0..1 scale)',
  0.02,
  0,
  0.5,
]);
export const cropScale = p([
  'cropScale',
  '자르기 비율',
  'Crop scale',
  '무작위로 자를 때 남기는 최소 면적 비율',
  'Smallest area share kept by a random crop',
  0.85,
  0.3,
  1,
]);
export const copies = p([
  'copies',
  '생성 수',
  'Copies',
  '원본 한 장당 만드는 증강 이미지 수',
  'Augmented images made per original',
  1,
  1,
  20,
  true,
]);

export const augmentationSet = [flipH, flipV, rotate, brightness, contrast, noise, cropScale];
