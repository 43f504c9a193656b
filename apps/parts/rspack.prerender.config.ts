import { createPrerenderConfig } from '@portal/rspack-config';

export default createPrerenderConfig({ root: __dirname, entry: './src/prerender.tsx' });
