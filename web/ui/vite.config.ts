import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// Built by web/server/clientBuild.ts on first serve; no dev server or network at run time.
export default defineConfig({
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false })],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800, reportCompressedSize: false },
  logLevel: 'warn',
});
