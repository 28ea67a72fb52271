import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The renderer's build, shared by Electron's build and the headless server's. */
export const rendererConfig = {
  root: here('src-renderer'),
  plugins: [react()],
  build: { outDir: here('out/renderer'), emptyOutDir: true },
} satisfies UserConfig;

/** `npm run build:renderer`: the renderer alone, for `serve` to hand to browsers. */
export default defineConfig({ ...rendererConfig, base: '/' });
