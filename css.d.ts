/** Stylesheets are imported as their text and adopted as constructable stylesheets (see rollup.config.mjs). */
declare module '*.css' {
  const text: string;
  export default text;
}
