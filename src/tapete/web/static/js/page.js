// A page that shows one answer of the server (the leaderboard, a player's profile): the
// language picker, the reader's language, the answer fetched once, drawn again at every
// change of language.
import { api } from "./api.js";
import { mountLanguagePicker, onLanguageChange, preferredLanguage, setLanguage } from "./i18n.js";

/**
 * Start the page: fetch `path` once, hand its answer (or the error, when the request
 * failed) to `receive`, then call `render`, and again whenever the language changes.
 * @param {string} path
 * @param {(answer: any) => void} receive
 * @param {() => void} render
 * @returns {Promise<void>}
 */
export async function startAnswerPage(path, receive, render) {
  mountLanguagePicker(/** @type {HTMLSelectElement} */ (document.getElementById("lang")));
  await setLanguage(preferredLanguage(), { remember: false });
  onLanguageChange(render);
  try {
    receive(await api(path));
  } catch (e) {
    receive(e);
  }
  render();
}
