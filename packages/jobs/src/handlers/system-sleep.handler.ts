// system.sleep: sleeps ms in `steps` steps reporting progress. Used by tests and the health probe.
import { defineHandler, sleep } from '../handler';

export default defineHandler('system.sleep', async ({ payload, progress, signal }) => {
  const steps = payload.steps ?? 1;
  for (let i = 1; i <= steps; i++) {
    await sleep(payload.ms / steps, signal);
    await progress((i / steps) * 100, `step ${i}/${steps}`);
  }
  if (payload.fail) throw new Error('system.sleep asked to fail');
  return { slept: payload.ms, steps };
});
