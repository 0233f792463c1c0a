// A page that shows one answer of the server (the leaderboard, a player's profile): the
// language picker, the reader's language, the answer fetched once, drawn again at every
// change of language.
import { ApiError, api, h } from "./api.js";
import { mountLanguagePicker, onLanguageChange, preferredLanguage, reasonText, setLanguage, t } from "./i18n.js";

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

/**
 * An error's sentence for people: its code's, else (a refusal of what was typed) the
 * server's detail, else a failure's message.
 * @param {any} e
 * @returns {string}
 */
export function errorText(e) {
  if (e instanceof ApiError) {
    const fallback = e.status === 400 && e.detail ? e.detail : t("Something went wrong on the server.");
    return reasonText(e.code, fallback);
  }
  return String(e && e.message ? e.message : e);
}

/**
 * Draw a page's answer into `box`: an error as a notice (`errorId` its test id), an answer
 * with `title` and the nodes `view` gives (nulls left out); nothing before the answer came.
 * Marks the page ready once drawn; returns whether it drew.
 * @param {HTMLElement} box
 * @param {any} answer
 * @param {string} errorId
 * @param {HTMLElement} titleElement
 * @param {() => string} title
 * @param {() => Array<Node | null>} view
 * @returns {boolean}
 */
export function drawAnswer(box, answer, errorId, titleElement, title, view) {
  if (answer instanceof ApiError || answer instanceof Error) {
    box.replaceChildren(h("div", { class: "notice error", role: "alert", "data-testid": errorId }, errorText(answer)));
  } else if (answer) {
    titleElement.textContent = title();
    box.replaceChildren(...view().filter((node) => node !== null));
  } else {
    return false;
  }
  document.body.dataset.ready = "yes";
  return true;
}
