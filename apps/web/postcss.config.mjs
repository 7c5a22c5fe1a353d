/** Tailwind CSS 4 runs as a single PostCSS plugin; the theme lives in src/app/globals.css. */
const config = {
  plugins: { '@tailwindcss/postcss': {} },
};

export default config;
