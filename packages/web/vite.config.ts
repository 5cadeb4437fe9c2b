import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API serves dist/ with an SPA fallback on the same origin; in development Vite proxies /v1 to it.
export default defineConfig({
  plugins: [
    react(),
    // The service worker is our own (src/offline/sw.ts); the plugin builds it and injects the list of
    // files to precache. The manifest is per brand, so the API serves it (/v1/brand/manifest.webmanifest).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell and the route screens; the map (MapLibre and its worker) is kept once it is used.
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        globIgnores: ['assets/JourneyMap-*', 'assets/maplibre-gl-worker-*'],
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: { '/v1': { target: process.env.CAIRN_API ?? 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
