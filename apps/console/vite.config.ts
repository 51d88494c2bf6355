import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * The operators' console: a Vite app of its own, served by the server under /console/
 * (docs/decisions/018-disposal-orders-and-the-console.md). Its bundle never reaches the mall's pages.
 */
export default defineConfig({
  base: '/console/',
  plugins: [
    react(),
    // Precompressed siblings the server sends as they are (docs/decisions/012-web-transport-and-budget.md).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5174,
    proxy: { '/api': { target: api, ws: true, changeOrigin: false } },
  },
  build: {
    // antd's table, form, date pickers and calendar make one large chunk; the console is a desk
    // tool on a wired connection and has no page budget (the mall's pages do).
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships `@__PURE__` comments in positions Rollup cannot use; harmless and not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
