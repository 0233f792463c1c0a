// The lobby's account panel (docs/accounts.md): sign in, create an account, sign out, and add
// this browser's anonymous games to the account. Accounts are optional: play needs none.

import { api, ApiError, allSeatTokens, h } from "./api.js";
import { onLanguageChange, reasonText, t, tn } from "./i18n.js";

/** Every state-changing account request carries this header (the server's forgery guard). */
const GUARD = { "X-Tapete-CSRF": "1" };

/** The account signed in ({name, is_admin}) or null; `null` too when the server has no
 *  accounts (an older server). */
async function signedIn() {
  try {
    return (await api("/api/account/me")).account || null;
  } catch {
    return null;
  }
}

/**
 * Fill the panel `root` (its #account-body) and keep it current.
 * @param {HTMLElement} root
 * @param {{ onChange?: (account: any) => void }} [options]
 */
export async function mountAccount(root, { onChange = () => {} } = {}) {
  const body = /** @type {HTMLElement} */ (root.querySelector("#account-body"));
  let account = await signedIn();
  let note = null; // the last message: [text, isError]
  let typed = ""; // the name typed (kept when the form is drawn again after a refusal)
  let changing = false; // the change of password is open

  const message = () => note && h("div", { class: note[1] ? "notice error" : "notice", role: note[1] ? "alert" : "status", "data-testid": "account-message" }, note[0]);
  const failed = (e) => {
    note = [e instanceof ApiError ? reasonText(e.code, t("Something went wrong on the server.")) : String(e), true];
  };

  async function send(path, payload) {
    return api(path, { method: "POST", body: payload, headers: GUARD });
  }

  function signedOutForm() {
    const name = h("input", { id: "account-name", maxlength: "32", autocomplete: "username", required: true, value: typed });
    const password = h("input", { id: "account-password", type: "password", maxlength: "1024", autocomplete: "current-password", required: true });
    const go = async (path, event) => {
      event.preventDefault();
      typed = name.value.trim();
      try {
        account = (await send(path, { name: name.value.trim(), password: password.value })).account;
        note = null;
        onChange(account);
      } catch (e) {
        failed(e);
      }
      render();
    };
    const form = h("form", { id: "account-form", class: "account-form" },
      h("div", { class: "row" },
        h("div", { class: "field" }, h("label", { for: "account-name" }, t("Account name")), name),
        h("div", { class: "field" }, h("label", { for: "account-password" }, t("Password")), password)),
      h("p", { class: "account-actions" },
        h("button", { type: "submit", class: "btn primary", id: "account-login" }, t("Sign in")),
        " ",
        h("button", { type: "button", class: "btn", id: "account-register", onclick: (e) => {
          password.setAttribute("autocomplete", "new-password");
          if (form.reportValidity()) go("/api/account/register", e);
        } }, t("Create account"))),
      h("p", { class: "help" }, t("Optional: playing needs no account. An account keeps your games together.")));
    form.addEventListener("submit", (e) => go("/api/account/login", e));
    return form;
  }

  /** The change of password (POST /api/account/password): the current one and the new one
   *  twice; the account's other sessions end. */
  function passwordForm() {
    const field = (id, label, autocomplete) => h("div", { class: "field" },
      h("label", { for: id }, label),
      h("input", { id, type: "password", maxlength: "1024", minlength: "8", autocomplete, required: true }));
    const form = h("form", { id: "password-form", class: "account-form" },
      field("password-current", t("Current password"), "current-password"),
      field("password-new", t("New password"), "new-password"),
      field("password-again", t("New password again"), "new-password"),
      h("p", { class: "account-actions" }, h("button", { type: "submit", class: "btn", id: "password-change" }, t("Change the password"))));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const value = (id) => /** @type {HTMLInputElement} */ (form.querySelector("#" + id)).value;
      if (value("password-new") !== value("password-again")) {
        note = [t("The two new passwords differ."), true];
        showNote(); // the form keeps what was typed
        return;
      }
      try {
        await send("/api/account/password", { current: value("password-current"), new: value("password-new") });
        note = [t("Your password is changed. Your other sign-ins have ended."), false];
        changing = false;
      } catch (e) {
        failed(e);
      }
      render();
    });
    return h("details", { class: "account-password", open: changing ? true : null, ontoggle: (e) => { changing = e.target.open; } },
      h("summary", {}, t("Change the password")), form);
  }

  function signedInView() {
    const tokens = allSeatTokens();
    return h("div", { class: "account-in" },
      h("p", {}, ...signedInLine(account.name)),
      h("p", {}, h("a", { href: "/players/" + encodeURIComponent(account.name), id: "account-profile" }, t("Your profile and ratings")),
        " · ", h("a", { href: "/clubs", id: "account-clubs" }, t("My clubs"))),
      h("p", { class: "account-actions" },
        tokens.length ? h("button", { type: "button", class: "btn", id: "account-claim", onclick: async () => {
          try {
            const res = await send("/api/account/claim", { tokens: allSeatTokens().slice(0, 200) });
            note = [tn("{n} game of this browser is in your account.", "{n} games of this browser are in your account.", res.claimed.length, { n: res.claimed.length }), false];
          } catch (e) {
            failed(e);
          }
          render();
        } }, t("Add this browser's games to my account")) : null,
        " ",
        h("button", { type: "button", class: "btn quiet", id: "account-logout", onclick: async () => {
          try {
            await send("/api/account/logout");
            account = null;
            note = null;
            changing = false;
            onChange(null);
          } catch (e) {
            failed(e);
          }
          render();
        } }, t("Sign out"))),
      passwordForm());
  }

  /** Show the last message without drawing the forms again. */
  function showNote() {
    const old = body.querySelector("[data-testid=account-message]");
    const shown = message();
    if (old) old.remove();
    if (shown) body.append(shown);
  }

  function render() {
    body.replaceChildren(account ? signedInView() : signedOutForm(), message() || "");
    if (!account && note && note[1]) /** @type {HTMLInputElement} */ (body.querySelector("#account-password")).focus();
    root.dataset.signedIn = account ? "yes" : "no";
  }

  onLanguageChange(render);
  render();
  onChange(account);
}

/** "Signed in as {name}" in the page's language, the name in bold (wherever the language
 *  puts it). */
function signedInLine(name) {
  const mark = "\u0000";
  const [before, after = ""] = t("Signed in as {name}", { name: mark }).split(mark);
  return [before, h("strong", { "data-testid": "account-name" }, name), after];
}
