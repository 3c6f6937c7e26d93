// Docs navigation (docs.mustache): scrolls the sidebar's own scroll box so that the current
// page's entry is in view, a third of the way down. Only that box moves, never the page; with
// no script the sidebar works as it is (its groups are <details>).
(function () {
  "use strict";
  var box = document.querySelector(".docs-sidebar-scroll");
  var current = box && box.querySelector('[aria-current="page"]');
  if (!current || box.scrollHeight <= box.clientHeight) return;
  var offset = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
  box.scrollTop += offset - box.clientHeight / 3;
})();
