// yauzl's reader for an uploaded zip on local disk, with a read-ahead block. yauzl reads the central
// directory with two small reads per entry and each member's local header with another: through the
// libuv threadpool that is three round trips per image (10,000 for a 5,000-image zip, about half a
// second of the external labeling upload on 2 cores). Zips list and store their members in file order,
// so one block of BLOCK bytes read ahead serves hundreds of those reads, and the small members' bytes
// too; what does not fit in a block is read from the file as before.
import { close, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';

const BLOCK = 1 << 20;

export class BlockReader extends yauzl.RandomAccessReader {
  private block: Buffer = Buffer.alloc(0);
  private blockStart = 0;

  private constructor(private readonly fd: number) {
    super();
  }

  static open(path: string): Promise<BlockReader> {
    return new Promise((resolve, reject) =>
      open(path, 'r', (err, fd) => (err ? reject(err) : resolve(new BlockReader(fd)))),
    );
  }

  /** The cached bytes [start, end) when the block holds all of them. */
  private cached(start: number, end: number): Buffer | null {
    const from = start - this.blockStart;
    return from >= 0 && end - this.blockStart <= this.block.length
      ? this.block.subarray(from, end - this.blockStart)
      : null;
  }

  /** Reads the block that starts at `start` (at least `length` bytes when the file has them). */
  private fill(start: number, length: number, done: (err: Error | null) => void) {
    const buf = Buffer.allocUnsafe(Math.max(BLOCK, length));
    const step = (got: number) =>
      read(this.fd, buf, got, buf.length - got, start + got, (err, n) => {
        if (err) return done(err);
        if (n > 0 && got + n < length) return step(got + n);
        this.block = buf.subarray(0, got + n);
        this.blockStart = start;
        done(null);
      });
    step(0);
  }

  /** `length` bytes at `position` (fewer at the end of the file), from the block when it holds them. */
  bytesAt(position: number, length: number): Promise<Buffer> {
    const hit = this.cached(position, position + length);
    if (hit) return Promise.resolve(hit);
    return new Promise((resolve, reject) =>
      this.fill(position, length, (err) =>
        err ? reject(err) : resolve(this.block.subarray(0, Math.min(length, this.block.length))),
      ),
    );
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    // Copied now, answered on a later turn: another read may replace the block before then, and yauzl
    // reads entry after entry through callbacks.
    const hit = this.cached(position, position + length);
    if (hit) {
      hit.copy(buffer, offset);
      return void setImmediate(() => callback(null, length));
    }
    if (length > BLOCK) {
      read(this.fd, buffer, offset, length, position, (err, n) => callback(err, n));
      return;
    }
    this.fill(position, length, (err) => {
      if (err) return callback(err);
      // The block now starts at `position` (fewer bytes at the end of the file).
      const got = this.block.subarray(0, length);
      got.copy(buffer, offset);
      callback(null, got.length);
    });
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const hit = this.cached(start, end);
    if (hit) return Readable.from([Buffer.from(hit)], { objectMode: false });
    // Not fs.createReadStream on the fd: destroying it (yauzl does) closes the fd even with autoClose off.
    const fd = this.fd;
    let pos = start;
    return new Readable({
      highWaterMark: 1 << 16,
      read(size) {
        const n = Math.min(size, end - pos);
        if (n <= 0) return void this.push(null);
        const buf = Buffer.allocUnsafe(n);
        read(fd, buf, 0, n, pos, (err, got) => {
          if (err) return void this.destroy(err);
          if (!got) return void this.destroy(new Error('unexpected EOF'));
          pos += got;
          this.push(got < n ? buf.subarray(0, got) : buf);
        });
      },
    });
  }

  override close(callback: (err: Error | null) => void): void {
    close(this.fd, (err) => callback(err ?? null));
  }
}
