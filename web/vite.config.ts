import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { bootColours } from './bootColours.ts';
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
  '^/bid/?(\\?.*)?$': { target: API, ws: true },
  '/media/': API,
  '/dev/': API,
};

/*
 * The libraries every page needs change seldom: kept in chunks of their own (React and the
 * router; MUI and its styling), a deploy changes only the app's own chunks, and a returning
 * member's browser keeps the rest. Screens are scripts of their own (app/routes.tsx); what
 * three or more of them share goes in one chunk rather than dozens of small ones, each a request
 * (an 'app' group of everything two shared put 165 KB more into the first load).
 */
const codeSplitting = {
  groups: [
    {
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
      priority: 3,
    },
    {
      name: 'mui',
      test: /node_modules[\\/](@mui[\\/](?!icons-material)|@emotion|notistack|@popperjs|react-transition-group|stylis|clsx|react-is|hoist-non-react-statics|goober)/,
      priority: 2,
    },
    // What three or more chunks share, in one chunk rather than many small ones, each a request.
    { name: 'shared', minShareCount: 3, minSize: 0, priority: 1 },
  ],
};

export default defineConfig({
  plugins: [react(), bootColours(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, rolldownOptions: { output: { codeSplitting } } },
  server: { proxy },
  preview: { proxy },
});
