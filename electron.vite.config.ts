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
        // The integration scripts' process program beside index.js, as sandbox-child.mjs: main.ts
        // forks it there. It loads QuickJS (and its .wasm file) from node_modules at run time.
        // The engine's worker threads run engine-worker.js, beside index.js too (main.ts names it).
        input: {
          index: here('src-main/electron/main.ts'),
          'sandbox-child': here('src-main/engine/services/integrations/sandbox-child.mjs'),
          'engine-worker': here('src-main/engine/app/worker-entry.ts'),
        },
        external: ['better-sqlite3', 'pdfkit', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'],
        output: { entryFileNames: (chunk) => (chunk.name === 'sandbox-child' ? '[name].mjs' : '[name].js') },
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
