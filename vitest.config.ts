import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Unit tests sit beside the code (`*.test.ts[x]`); browser tests live in e2e/ and run under Playwright. */
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{shared,host-sdk,frame-app,provider,cashier-widget}/**/*.test.{ts,tsx}'],
    environment: 'node',
    restoreMocks: true,
    unstubGlobals: true,
  },
});
