// Svelte 5 reads the TypeScript in <script lang="ts"> itself: no preprocessing. svelte-check and the Vite plugin
// both read this file.
export default {};
