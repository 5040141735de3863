// multipart POST through XMLHttpRequest, because fetch cannot report upload progress in every browser.
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100 */
  percent: number;
}

export interface UploadOptions {
  headers?: Record<string, string>;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Error thrown for a non-2xx answer; carries the API error body when there is one. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export function uploadWithProgress<T>(url: string, body: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    if (opts.timeoutMs) xhr.timeout = opts.timeoutMs;
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      opts.onProgress?.({
        loaded: e.loaded,
        total: e.total,
        percent: Math.min(100, Math.round((e.loaded / e.total) * 100)),
      });
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // A proxy error page is not JSON: treat it as an answer without a body.
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(((parsed as { data?: T } | null)?.data ?? parsed) as T);
        return;
      }
      const err = (parsed as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
      reject(
        new UploadError(err?.message ?? xhr.statusText ?? 'Upload failed', xhr.status, err?.code, err?.field),
      );
    };
    xhr.onerror = () => reject(new UploadError('Network error', 0));
    xhr.ontimeout = () => reject(new UploadError('Timeout', 0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
