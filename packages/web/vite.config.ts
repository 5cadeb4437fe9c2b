import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { contractSchemasPlugin } from './scripts/contractSchemasPlugin.ts';
import { compileHintsPlugin } from './scripts/compileHintsPlugin.ts';

// The API serves dist/ with an SPA fallback on the same origin; in development Vite proxies /v1 to it.
export default defineConfig({
  plugins: [
    react(),
    contractSchemasPlugin(),
    compileHintsPlugin(),
    // The service worker is our own (src/offline/sw.ts); the plugin builds it and injects the list of
    // files to precache. The manifest is per brand, so the API serves it (/v1/brand/manifest.webmanifest).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // Only the page and its entry script and styles: every other file is kept as it is used
        // (the worker is sent what the page loaded before it took control), so a first visit on a
        // weak signal downloads nothing it does not show.
        globPatterns: ['index.html', 'assets/index-*.{js,css}'],
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: { '/v1': { target: process.env.CAIRN_API ?? 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
