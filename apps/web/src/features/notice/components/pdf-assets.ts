// Where the app serves pdf.js's binary assets (copied from pdfjs-dist by the Vite build, see vite.config.ts):
// the standard fonts (for PDFs that name a base-14 font without embedding it) and the CMaps.
export const PDFJS_ASSET_BASE = '/pdfjs';
export const PDFJS_ASSET_DIRS: readonly string[] = ['standard_fonts', 'cmaps'];

/** The getDocument() options that point pdf.js at them (trailing slashes: pdf.js appends file names). */
export const pdfAssetOptions = {
  standardFontDataUrl: `${PDFJS_ASSET_BASE}/standard_fonts/`,
  cMapUrl: `${PDFJS_ASSET_BASE}/cmaps/`,
  cMapPacked: true,
  // The bundled font files, not a system font guessed from the name (wrong widths and spacing).
  useSystemFonts: false,
} as const;
