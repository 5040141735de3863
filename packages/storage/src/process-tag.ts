// Temp files and folders carry the tag of the process that made them ("<host>-<pid>-…"), so a start-up
// sweep can remove exactly what a dead process left behind and never what a live one is still writing.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';

/** 8 hex characters of the host name: short, safe in file names and storage keys. */
export const hostTag = (host = hostname()) => createHash('sha1').update(host).digest('hex').slice(0, 8);

/** "<hostTag>-<pid>": the prefix this process puts on its temp names. */
export const processTag = () => `${hostTag()}-${process.pid}`;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when `name` was made by a process of this host that no longer runs. Names without a tag (or of
 * another host) are never judged dead here. At start-up (`selfIsPrevious`) our own pid counts as dead:
 * in a container the server is often pid 1 every time, and nothing of ours has been written yet.
 */
export function madeByDeadProcess(name: string, opts: { selfIsPrevious?: boolean } = {}): boolean {
  const m = /^([0-9a-f]{8})-(\d+)-/.exec(name);
  if (!m || m[1] !== hostTag()) return false;
  const pid = Number(m[2]);
  if (pid === process.pid) return Boolean(opts.selfIsPrevious);
  return !pidAlive(pid);
}
