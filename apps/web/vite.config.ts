import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { contractRoutes } from './build/contract-routes';
import { routePreload } from './build/route-preload';
import { zodOnDemand } from './build/zod-on-demand';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    zodOnDemand(fileURLToPath(new URL('.', import.meta.url))),
    ...contractRoutes(),
    routePreload(fileURLToPath(new URL('.', import.meta.url))),
    // Precompressed siblings (.br, .gz) that the server sends as they are (docs/decisions/012-web-transport-and-budget.md).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: api, ws: true, changeOrigin: false } },
  },
  build: {
    // scripts/check-bundle-budget.mjs reads it to sum each route's first-load JavaScript.
    manifest: true,
    // Page sizes are governed by that check. Over Vite's 500 kB (raw) warning is only echarts,
    // loaded when the home chart scrolls into view (docs/decisions/012-web-transport-and-budget.md).
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Chunks under 10 kB merge into chunks loaded with them: the lot page fetched ~20 files of 1–2
      // kB gzip, a round trip each on a phone (docs/decisions/039-fewer-smaller-chunks.md).
      output: { experimentalMinChunkSize: 10_000 },
      onLog(level, log, handler) {
        // The merge's own report ("Initially, there are 221 chunks…"): figures are in decision 039.
        if (log.code === 'OPTIMIZE_CHUNK_STATUS') return;
        handler(level, log);
      },
      onwarn(warning, warn) {
        // zod ships `@__PURE__` comments in positions Rollup cannot use; harmless and not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
