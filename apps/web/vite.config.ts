/// <reference types="node" />
import { cpSync, createReadStream, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// pdf.js's standard fonts (the 14 PDF base fonts as Foxit Type 1 files) and CMaps (CJK encodings), served
// same-origin under /pdfjs/ (CSP: connect-src 'self'), so a PDF that names Helvetica without embedding it
// draws with the right glyph widths instead of a guessed system font. Copied into dist at build, served
// from node_modules in dev.
const pdfjsRoot = dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json')));
// The same two as src/features/notice/components/pdf-assets.ts, which points getDocument() at them.
const PDFJS_ASSET_BASE = '/pdfjs';
const PDFJS_ASSET_DIRS = ['standard_fonts', 'cmaps'];

function pdfjsAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sightline-pdfjs-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(PDFJS_ASSET_BASE, (req, res, next) => {
        const rel = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        const file = resolve(pdfjsRoot, rel);
        const dir = rel.split('/')[0] ?? '';
        if (!PDFJS_ASSET_DIRS.includes(dir) || !file.startsWith(pdfjsRoot + sep)) return next();
        try {
          if (!statSync(file).isFile()) return next();
        } catch {
          return next();
        }
        res.setHeader('Content-Type', 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      for (const dir of PDFJS_ASSET_DIRS)
        cpSync(join(pdfjsRoot, dir), join(outDir, PDFJS_ASSET_BASE, dir), { recursive: true });
    },
  };
}

// Dev: Vite on 8082 proxies /api to the server engineer's instance on 8081.
// Prod: the server serves apps/web/dist itself, so no proxy is needed there.
export default defineConfig({
  plugins: [react(), pdfjsAssets()],
  server: {
    port: 8082,
    strictPort: true,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8081', changeOrigin: true } },
  },
  preview: { port: 8082, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
