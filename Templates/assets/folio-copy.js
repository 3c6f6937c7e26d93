/*
 * Folio copy buttons on code blocks (markup: docs/CONTRACTS.md, "Highlighted code block").
 *
 * Adds a "Copy" button to every code block of the page: highlighted blocks already sit in a
 * `.folio-code` container; a plain `<pre>` is put in one. The button copies the code's text
 * (`textContent`: line numbers are generated content and are not part of it) with the
 * asynchronous Clipboard API, and says "Copied" for two seconds, also to screen readers
 * through a polite live region. Nothing is written inline, so it works under a strict CSP.
 * Without JavaScript, or where the Clipboard API is missing (an insecure origin), there is no
 * button.
 */
(() => {
  "use strict";

  if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") {
    return;
  }

  const japanese = (document.documentElement.lang || "").toLowerCase().startsWith("ja");
  const LABELS = japanese
    ? { copy: "コピー", copied: "コピーしました", failed: "コピーできません", name: "コードをコピー" }
    : { copy: "Copy", copied: "Copied", failed: "Copy failed", name: "Copy code" };

  /** The `.folio-code` container of `pre`, made when the block is a plain one. */
  function container(pre) {
    const parent = pre.parentElement;
    if (parent && parent.classList.contains("folio-code")) {
      return parent;
    }
    const wrapper = document.createElement("div");
    wrapper.className = "folio-code";
    pre.replaceWith(wrapper);
    wrapper.append(pre);
    return wrapper;
  }

  function addButton(pre) {
    const code = pre.querySelector("code") || pre;
    const box = container(pre);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "folio-copy";
    button.textContent = LABELS.copy;
    button.setAttribute("aria-label", LABELS.name);
    const status = document.createElement("span");
    status.className = "folio-copy-status visually-hidden";
    status.setAttribute("role", "status");
    let timer = 0;
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(code.textContent).then(
        () => say(LABELS.copied),
        () => say(LABELS.failed),
      );
    });
    function say(text) {
      button.textContent = text;
      status.textContent = text;
      clearTimeout(timer);
      timer = setTimeout(() => {
        button.textContent = LABELS.copy;
        status.textContent = "";
      }, 2000);
    }
    box.append(button, status);
  }

  for (const pre of document.querySelectorAll("main pre")) {
    addButton(pre);
  }
})();
