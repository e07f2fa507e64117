// Builds the console into dist/console, served by the service at /app (src/app/console.ts). Pages are
// lazy routes, so each is its own chunk and the dashboard loads only what it draws.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The strict CSP allows no inline script: keep every module, the preload helper included, in files.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // bench/console.ts reads it to weigh what the dashboard route loads.
    manifest: true,
    rollupOptions: {
      // The service worker is its own entry at a fixed address (/app/sw.js, whose scope is /app/):
      // a hashed name would change the worker's identity on every build.
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        sw: resolve(import.meta.dirname, 'src/sw/sw.ts'),
      },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  server: {
    // `npm run console:dev`: Vite's dev server on 5173 forwards the API to a running service.
    proxy: { '/api': 'http://localhost:8000' },
  },
})
