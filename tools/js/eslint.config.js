// ESLint for the browser pages' plain ES modules: the recommended rules, the browser's
// globals. Paths are from the repository's root: `python3 dev.py jscheck` runs
// `tools/js/node_modules/.bin/eslint --config tools/js/eslint.config.js src/tapete/web/static/js`
// there.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    // vendored libraries (none today) are linted by their authors, not here
    ignores: ["src/tapete/web/static/**/vendor/**"],
  },
  {
    files: ["src/tapete/web/static/js/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
];
