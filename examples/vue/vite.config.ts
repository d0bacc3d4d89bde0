import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// The two tags are custom elements: Vue's compiler leaves them to the browser.
export default defineConfig({ plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('wallet-connect-') } } })] });
