// The XHR upload must end the session on an expired token exactly like the API client does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../api/api-error';
import { setSessionHandlers } from '../../../../api/client';
import { clearToken, storeToken } from '../../../../api/token';
import { uploadDataset } from '../datasets.api';

/** A minimal XMLHttpRequest answering with a fixed status and JSON body. */
function fakeXhr(status: number, body: unknown) {
  return class {
    status = status;
    statusText = '';
    responseText = JSON.stringify(body);
    timeout = 0;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    headers: Record<string, string> = {};
    open() {}
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    abort() {}
    send() {
      setTimeout(() => this.onload?.(), 0);
    }
  };
}

const args = {
  values: {
    target: 'new' as const,
    name: 'parts',
    type: 'cf',
    purpose: 'preprocessing',
    datasetId: '',
    folder: '',
    files: [new File(['x'], 'a.png')],
  },
  uploadId: '00000000-0000-4000-8000-000000000000',
  onProgress: () => {},
};

describe('uploadDataset', () => {
  const handlers = { onUnauthorized: vi.fn(), onMaintenance: vi.fn(), onAccountExpired: vi.fn() };
  beforeEach(() => {
    setSessionHandlers(handlers);
    Object.values(handlers).forEach((h) => h.mockReset());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  it('ends the session on a 401 when a token was sent', async () => {
    storeToken('expired', 900);
    vi.stubGlobal('XMLHttpRequest', fakeXhr(401, { error: { code: 'SESSION_EXPIRED', message: 'expired' } }));
    await expect(uploadDataset(1, args)).rejects.toBeInstanceOf(ApiError);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('announces an expired trial account like the client does', async () => {
    storeToken('tok', 900);
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(403, { error: { code: 'ACCOUNT_EXPIRED', message: 'trial over' } }),
    );
    await expect(uploadDataset(1, args)).rejects.toMatchObject({ status: 403, code: 'ACCOUNT_EXPIRED' });
    expect(handlers.onAccountExpired).toHaveBeenCalledWith('trial over');
  });

  it('leaves the session alone for an ordinary refusal', async () => {
    storeToken('tok', 900);
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(422, { error: { code: 'DATASET_NAME_EXISTS', message: 'exists', field: 'name' } }),
    );
    await expect(uploadDataset(1, args)).rejects.toMatchObject({ status: 422, field: 'name' });
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
    expect(handlers.onAccountExpired).not.toHaveBeenCalled();
  });

  it('returns the outcome of a stored upload', async () => {
    storeToken('tok', 900);
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(201, {
        data: {
          dataset_id: 9,
          created: true,
          stored: 1,
          duplicates: [],
          renamed: [],
          folders: [],
          classes: [],
        },
      }),
    );
    await expect(uploadDataset(1, args)).resolves.toEqual({ datasetId: 9, added: 1, skipped: 0, renamed: 0 });
  });
});
