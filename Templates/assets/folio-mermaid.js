// Draws the page's Mermaid diagrams with the site's own mermaid.min.js, which the default theme
// loads before this file, and only on pages that have a diagram (docs/markdown: Mermaid).
// A file of its own, not an inline script: the theme's Content-Security-Policy allows none.
// Each diagram's source stays in its <pre class="mermaid"> until Mermaid replaces it.
(function () {
  "use strict";
  if (typeof window.mermaid === "undefined") return;
  var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  window.mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: dark ? "dark" : "default" });
  window.mermaid.run({ querySelector: "pre.mermaid" });
})();
