/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { apiRoutes } from './vite-api-routes';

// The api runs beside the dev server; in production it serves web/dist on the same origin.
const apiTarget = process.env.CASEBRIDGE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), apiRoutes()],
  resolve: {
    alias: {
      '@casebridge/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
      '/resources': { target: apiTarget, changeOrigin: true },
      '/saml2': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // The contracts only declare (constants, rules, zod schemas): a module of theirs the app does not use is left
      // out, and so is a schema nobody reads, so the first page holds neither the schemas nor zod.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]libs[\\/]contracts[\\/]/.test(id) ? false : undefined),
        manualPureFunctions: ['z', 'endpoint'],
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // zod apart from the form library: the contracts' schemas need it on every page, the forms only on
            // the pages that have one.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            // Only the pages with a rich-text field load it.
            {
              name: 'editor',
              test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence)[\\/]/,
            },
          ],
        },
      },
    },
  },
  // Unit tests of the app's logic (npm run test -w web): src/**/*.test.ts(x) in a simulated DOM. Not part of the
  // build (nothing imports them); *.spec.ts files under src are jest's (root jest.config.js).
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
