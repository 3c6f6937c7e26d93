/*
 * Folio contents rail: marks the contents link of the heading being read.
 *
 * partials/toc.mustache writes the page's contents (a rail on wide screens, a collapsed
 * `<details>` on narrow ones); both are plain links that jump to their headings without
 * JavaScript. This script adds only the "you are here" mark: the link of the last heading
 * that has passed the top third of the window gets `aria-current="true"` (and the rail's
 * marked style). An IntersectionObserver tells when a heading crosses that line; `scrollend`
 * and `hashchange` cover jumps that land between two headings. Ids are looked up with
 * getElementById, raw and percent-decoded, so non-ASCII (Japanese) ids and sites served
 * under a sub-path work. Nothing is written inline, so it works under a strict CSP.
 */
(() => {
  "use strict";

  if (!("IntersectionObserver" in window)) {
    return;
  }

  /** The element a `#fragment` link points at, or null. */
  function target(link) {
    const href = link.getAttribute("href") || "";
    if (!href.startsWith("#") || href.length < 2) {
      return null;
    }
    const raw = href.slice(1);
    let found = document.getElementById(raw);
    if (!found) {
      try {
        found = document.getElementById(decodeURIComponent(raw));
      } catch (error) {
        found = null; // a stray "%" that is not an escape: the raw id was the only candidate
      }
    }
    return found;
  }

  // Headings in document order, each with the contents links (rail and inline) to it.
  const byHeading = new Map();
  for (const link of document.querySelectorAll(".toc .toc-list a")) {
    const heading = target(link);
    if (!heading) {
      continue;
    }
    if (!byHeading.has(heading)) {
      byHeading.set(heading, []);
    }
    byHeading.get(heading).push(link);
  }
  const headings = [...byHeading.keys()].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1
  );
  if (headings.length === 0) {
    return;
  }

  const READING_LINE = 0.3; // the top third of the window: what is being read
  let current = null;

  /** The heading being read: the last one above the reading line, or at the very end of the
   * page (where the last headings can never reach the line) the last one in view. */
  function reading() {
    const line = window.innerHeight * READING_LINE;
    let found = null;
    for (const heading of headings) {
      if (heading.getBoundingClientRect().top <= line + 1) {
        found = heading;
      } else {
        break;
      }
    }
    const root = document.documentElement;
    const atEnd = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2;
    if (atEnd) {
      for (const heading of headings) {
        const top = heading.getBoundingClientRect().top;
        if (top >= 0 && top < window.innerHeight) {
          found = heading;
        }
      }
    }
    return found;
  }

  /** Scrolls a rail that scrolls on its own so `link` is in view, without moving the page. */
  function reveal(link) {
    const rail = link.closest(".toc-rail");
    if (!rail || rail.scrollHeight <= rail.clientHeight) {
      return;
    }
    const box = rail.getBoundingClientRect();
    const item = link.getBoundingClientRect();
    if (item.top < box.top) {
      rail.scrollTop -= box.top - item.top + 16;
    } else if (item.bottom > box.bottom) {
      rail.scrollTop += item.bottom - box.bottom + 16;
    }
  }

  function update() {
    const heading = reading();
    if (heading === current) {
      return;
    }
    if (current) {
      for (const link of byHeading.get(current)) {
        link.removeAttribute("aria-current");
      }
    }
    current = heading;
    if (current) {
      for (const link of byHeading.get(current)) {
        link.setAttribute("aria-current", "true");
        reveal(link);
      }
    }
  }

  let pending = false;
  function schedule() {
    if (!pending) {
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        update();
      });
    }
  }

  const observer = new IntersectionObserver(schedule, {
    rootMargin: `0px 0px -${100 - READING_LINE * 100}% 0px`,
  });
  for (const heading of headings) {
    observer.observe(heading);
  }
  window.addEventListener("scrollend", schedule, { passive: true });
  window.addEventListener("hashchange", schedule);
  window.addEventListener("resize", schedule, { passive: true });
  schedule();
})();
