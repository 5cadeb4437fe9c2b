import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/ with an SPA fallback on the same origin; in development Vite proxies /v1 to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: { '/v1': { target: process.env.CAIRN_API ?? 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
