import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Dev: Vite on 8082 proxies /api to the server engineer's instance on 8081.
// Prod: the server serves apps/web/dist itself, so no proxy is needed there.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 8082,
    strictPort: true,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8081', changeOrigin: true } },
  },
  preview: { port: 8082, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
