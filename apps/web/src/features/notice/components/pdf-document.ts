// pdf.js behind two calls, loaded on demand (its ~1 MB stays out of the main bundle). It runs under the
// app's Content-Security-Policy: the worker is a same-origin file (worker-src 'self'), no eval
// (isEvalSupported false: script-src has no 'unsafe-eval'), and the document comes as bytes already
// fetched with the caller's token (no cross-origin range requests). Fonts a PDF names without embedding
// (Helvetica, Times…) come from pdf.js's own standard font files, served same-origin under /pdfjs/.
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { pdfAssetOptions } from './pdf-assets';

export type PdfDocument = PDFDocumentProxy;

export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await import('pdfjs-dist');
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, ...pdfAssetOptions })
    .promise;
}

/** Draws one page at `scale` (device pixels for a sharp canvas); returns the CSS size drawn. */
export async function renderPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  scale: number,
  canvas: HTMLCanvasElement,
): Promise<{ width: number; height: number }> {
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  await page.render({
    canvas,
    viewport,
    transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
  }).promise;
  return { width: viewport.width, height: viewport.height };
}
