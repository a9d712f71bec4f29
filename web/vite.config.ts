import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const API = 'http://localhost:3000';

/**
 * The page route /api/auth/resetPassword/{q} lives under /api, so a browser asking for a page
 * there gets the app, not the api.
 */
const apiProxy: ProxyOptions = {
  target: API,
  changeOrigin: true,
  bypass: (req) =>
    req.headers.accept?.includes('text/html') && req.url?.startsWith('/api/auth/resetPassword/')
      ? '/index.html'
      : undefined,
};

// `npx vite` (and `vite preview`) talk to the api on :3000. The bid websocket's path is /bid, which
// is also the start of the pages /bid/{id} and /bid-calendar: only /bid itself goes to the api.
const proxy: Record<string, string | ProxyOptions> = {
  '/api': apiProxy,
  '/healthz': API,
  '/socket.io': { target: API, ws: true },
  '^/bid/?(\\?.*)?$': { target: API, ws: true },
  '/media/': API,
  '/dev/': API,
};

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy },
  preview: { proxy },
});
