// Entry of the prediction-image drawer: a child process of the server (DrawerProcess) that draws at the
// lowest CPU priority. Drawing with sharp runs on libuv's and libvips' thread pools, which no thread
// priority of the server can reach; in a process of its own at nice 19 it only takes CPU the answers
// leave idle (npm run bench -- inspection: p99 latency at half the maximum rate, MONITORING_API.md).
import { setPriority } from 'node:os';
import { predictionImage, type DrawnVerdict } from './prediction-image';

export interface DrawMessage {
  id: number;
  original: Uint8Array;
  verdict: DrawnVerdict;
}
export type DrawAnswer = { id: number; jpeg: Uint8Array } | { id: number; error: string };

if (process.send) {
  try {
    setPriority(19);
  } catch {
    // Not allowed here (some containers): it still draws off the server's threads.
  }
  const answer = (a: DrawAnswer) => process.send?.(a);
  process.on('message', (m: DrawMessage) => {
    const original = Buffer.from(m.original.buffer, m.original.byteOffset, m.original.byteLength);
    predictionImage(original, m.verdict).then(
      (jpeg) => answer({ id: m.id, jpeg }),
      (e: unknown) => answer({ id: m.id, error: e instanceof Error ? e.message : String(e) }),
    );
  });
  // The server is gone (stopped or killed): nothing is left to draw for.
  process.on('disconnect', () => process.exit(0));
}
