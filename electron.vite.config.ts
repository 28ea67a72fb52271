import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.renderer.config.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** `npm run build`: the Electron app into out/main, out/preload and out/renderer. */
export default defineConfig({
  main: {
    build: {
      outDir: here('out/main'),
      // Pure JS is bundled; the native module is loaded at run time from node_modules (or .native/),
      // and so is pdfkit, which loads its built-in fonts through its own package.json's `imports`.
      externalizeDeps: false,
      rolldownOptions: {
        // The parse workers' program is a script of its own beside index.js (EngineOptions.parseWorker).
        input: { index: here('src-main/electron/main.ts'), 'parse-worker': here('src-main/engine/pipeline/parse-worker.ts') },
        external: ['better-sqlite3', 'pdfkit'],
      },
    },
  },
  preload: {
    build: {
      outDir: here('out/preload'),
      // Sandboxed preloads run as classic scripts: CommonJS, whatever package.json says.
      rolldownOptions: {
        input: { preload: here('src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    build: { ...rendererConfig.build, rolldownOptions: { input: here('src-renderer/index.html') } },
  },
});
