import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Every page of the site: its checkout (index.html), and the pages the walk adds for the README's
// snippets (readme-*.html).
const here = fileURLToPath(new URL('.', import.meta.url));
const pages = readdirSync(here).filter((name) => name.endsWith('.html'));

export default defineConfig({
  plugins: [react()],
  build: { rolldownOptions: { input: Object.fromEntries(pages.map((name) => [name.slice(0, -5), `${here}${name}`])) } },
});
