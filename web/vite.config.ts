import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built files on the same origin (D11); in dev, /api is proxied to it.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/bundleSize.ts to follow what a route loads.
    manifest: true,
  },
});
