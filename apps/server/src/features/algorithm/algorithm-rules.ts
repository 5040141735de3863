// Keeps an admin's algorithm consistent with the engine that runs it: the engine key must be declared
// (packages/domain ALGORITHMS), its type and work type are the declaration's, every parameter key is
// one the engine reads for that set, integer parameters stay whole numbers and only the engine's 'auto'
// parameters take 0 (auto).
import {
  PARAM_SETS,
  TenancyErrorCode,
  findAlgorithm,
  type AlgorithmAdminInput,
  type AlgorithmParam,
} from '@sightline/domain';
import { AppError } from '../../common/app-error';

export function checkAgainstEngine(input: AlgorithmAdminInput): AlgorithmAdminInput {
  const engine = findAlgorithm(input.engineKey);
  if (!engine) throw AppError.validation('engineKey', TenancyErrorCode.AlgorithmUnknownEngine);
  if (engine.task !== input.workType)
    throw AppError.validation('workType', TenancyErrorCode.AlgorithmUnknownEngine);
  if (engine.kind !== input.kind) throw AppError.validation('kind', TenancyErrorCode.AlgorithmUnknownEngine);
  const out = { ...input };
  for (const set of PARAM_SETS) {
    const declared = new Map(engine[set].map((p) => [p.key, p]));
    out[set] = input[set].map((p, i): AlgorithmParam & { auto: boolean } => {
      const d = declared.get(p.key);
      if (!d)
        throw new AppError(TenancyErrorCode.AlgorithmParamUnknown, 400, { key: p.key }, `${set}.${i}.key`);
      const integer = d.integer;
      if (integer && ![p.default, p.min, p.max].every(Number.isInteger)) {
        throw new AppError(TenancyErrorCode.ParamRangeInvalid, 400, { key: p.key }, `${set}.${i}.default`);
      }
      // 'auto' (0 = the engine picks) is what the engine supports, whatever the form sent.
      const auto = Boolean(d.auto);
      if (!auto && (p.default < p.min || p.default > p.max))
        throw new AppError(TenancyErrorCode.ParamRangeInvalid, 400, { key: p.key }, `${set}.${i}.default`);
      return { ...p, integer, auto };
    });
  }
  return out;
}
