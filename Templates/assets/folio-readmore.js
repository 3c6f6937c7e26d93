/*
 * Folio read-more blocks (markup: docs/CONTRACTS.md, "Read-more block").
 *
 * Clamps each `.folio-readmore-content` to `data-lines` lines and reveals its toggle only when
 * the content really has more lines than that. The toggle is a disclosure button: its label
 * stays the same and `aria-expanded` tells its state; activating it again collapses the block.
 * The clamp is measured from the rendered line boxes (falling back to the computed
 * line-height), and is measured again whenever the block's width changes or fonts load.
 * Only CSSOM properties are written (`el.style.maxHeight`), so it works under a strict CSP.
 * Without this script the whole content is visible and the toggle keeps its `hidden`.
 */
(() => {
  "use strict";

  const blocks = document.querySelectorAll(".folio-readmore");
  if (blocks.length === 0) {
    return;
  }

  const DEFAULT_LINES = 3;
  const states = new Map();

  const INLINE_DISPLAY = /^inline/;

  /** The top of the first line box: the content-box top of the first text's block. */
  function firstLineBoxTop(node) {
    let block = node.parentElement;
    while (block && INLINE_DISPLAY.test(getComputedStyle(block).display)) {
      block = block.parentElement;
    }
    const style = getComputedStyle(block);
    return block.getBoundingClientRect().top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
  }

  /** Groups the rendered text of `content` into line boxes, top to bottom. */
  function lineBoxes(content) {
    const rects = [];
    let firstText = null;
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.data.trim() === "") {
          continue;
        }
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.height > 0) {
            rects.push(rect);
            firstText = firstText || node;
          }
        }
      } else if (node.matches("img, svg, video, canvas, iframe, input, picture, math")) {
        const rect = node.getBoundingClientRect();
        if (rect.height > 0) {
          rects.push(rect);
        }
      }
    }
    range.detach();
    rects.sort((a, b) => a.top - b.top);
    const lines = [];
    for (const rect of rects) {
      const last = lines[lines.length - 1];
      // A rect that starts above the current line's bottom belongs to that line.
      if (last && rect.top < last.bottom - 1) {
        last.bottom = Math.max(last.bottom, rect.bottom);
      } else {
        lines.push({ top: rect.top, bottom: rect.bottom });
      }
    }
    // How far the glyphs sit below their line box's top (the half-leading, as laid out).
    lines.inset = 0;
    if (firstText && lines.length > 0) {
      lines.inset = Math.max(0, lines[0].top - firstLineBoxTop(firstText));
    }
    return lines;
  }

  /** Returns the clamp height in px, or null when the content fits in `lines` lines. */
  function clampHeight(content, lines) {
    const top = content.getBoundingClientRect().top;
    const boxes = lineBoxes(content);
    if (boxes.length > 0) {
      if (boxes.length <= lines) {
        return null;
      }
      const lastShown = boxes[lines - 1];
      const firstHidden = boxes[lines];
      // The hidden line's box starts `inset` above its glyphs (lines of one font share the
      // inset); stay within the gap between the two lines whatever the fonts.
      const edge = Math.min(firstHidden.top, Math.max(lastShown.bottom, firstHidden.top - boxes.inset));
      return edge - top;
    }
    const style = getComputedStyle(content);
    let lineHeight = parseFloat(style.lineHeight);
    if (Number.isNaN(lineHeight)) {
      lineHeight = parseFloat(style.fontSize) * 1.2;
    }
    const height = Math.ceil(lineHeight * lines);
    return content.scrollHeight > height + 1 ? height : null;
  }

  function transitionMs(element) {
    const style = getComputedStyle(element);
    const durations = style.transitionDuration.split(",").map(parseFloat);
    const delays = style.transitionDelay.split(",").map(parseFloat);
    let longest = 0;
    durations.forEach((duration, i) => {
      longest = Math.max(longest, (duration + (delays[i] || 0)) * 1000);
    });
    return longest;
  }

  /** Animates max-height to `target` px, then calls `done` (at once when motion is off). */
  function animate(state, target, done) {
    const { block, content } = state;
    state.animation += 1;
    const ticket = state.animation;
    block.setAttribute("data-animating", "");
    const finish = () => {
      if (ticket !== state.animation) {
        return;
      }
      block.removeAttribute("data-animating");
      content.removeEventListener("transitionend", onEnd);
      done();
    };
    const onEnd = (event) => {
      if (event.target === content && event.propertyName === "max-height") {
        finish();
      }
    };
    // Start from the current rendered height so the transition has a numeric origin.
    content.style.maxHeight = `${content.getBoundingClientRect().height}px`;
    void content.offsetHeight;
    const ms = transitionMs(content);
    content.style.maxHeight = `${target}px`;
    if (ms === 0) {
      finish();
      return;
    }
    content.addEventListener("transitionend", onEnd);
    window.setTimeout(finish, ms + 80);
  }

  function expand(state, animated) {
    const { block, content, button } = state;
    state.expanded = true;
    button.setAttribute("aria-expanded", "true");
    block.setAttribute("data-state", "expanded");
    const release = () => {
      if (state.expanded) {
        content.style.maxHeight = "";
      }
    };
    if (animated) {
      animate(state, content.scrollHeight, release);
    } else {
      state.animation += 1;
      block.removeAttribute("data-animating");
      release();
    }
  }

  function collapse(state) {
    const { block, content, button } = state;
    state.expanded = false;
    button.setAttribute("aria-expanded", "false");
    if (content.contains(document.activeElement)) {
      button.focus();
    }
    block.setAttribute("data-state", "collapsed");
    animate(state, state.clamp, () => {});
    const top = block.getBoundingClientRect().top;
    if (top < 0) {
      block.scrollIntoView({ block: "nearest" });
    }
  }

  /** Measures again and shows or hides the toggle accordingly. */
  function measure(state) {
    const { block, content, button } = state;
    const clamp = clampHeight(content, state.lines);
    state.clamp = clamp;
    if (clamp === null) {
      state.expanded = false;
      block.setAttribute("data-state", "static");
      block.removeAttribute("data-animating");
      content.style.maxHeight = "";
      button.hidden = true;
      button.setAttribute("aria-expanded", "false");
      return;
    }
    button.hidden = false;
    if (state.expanded) {
      block.setAttribute("data-state", "expanded");
      return;
    }
    block.setAttribute("data-state", "collapsed");
    content.style.maxHeight = `${clamp}px`;
  }

  function setUp(block) {
    // data-state means this block is already managed (e.g. the script was included twice).
    if (states.has(block) || block.hasAttribute("data-state")) {
      return;
    }
    const content = block.querySelector(":scope > .folio-readmore-content");
    const button = block.querySelector(":scope > .folio-readmore-toggle");
    if (!content || !button) {
      return;
    }
    const lines = Number.parseInt(block.getAttribute("data-lines") || "", 10);
    const state = {
      block,
      content,
      button,
      lines: Number.isFinite(lines) && lines > 0 ? lines : DEFAULT_LINES,
      clamp: null,
      expanded: false,
      animation: 0,
      width: -1,
    };
    states.set(block, state);
    button.addEventListener("click", () => {
      if (state.expanded) {
        collapse(state);
      } else {
        expand(state, true);
      }
    });
    // Keyboard users reaching a link inside the hidden part get the whole text.
    content.addEventListener("focusin", () => {
      if (!state.expanded && state.clamp !== null) {
        expand(state, false);
      }
    });
    measure(state);
  }

  blocks.forEach(setUp);

  if ("ResizeObserver" in window) {
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const state = states.get(entry.target);
        const width = entry.contentRect.width;
        // Height changes come from the clamp itself; only a new width can rewrap lines.
        if (state && width !== state.width) {
          state.width = width;
          measure(state);
        }
      }
    });
    states.forEach((state) => observer.observe(state.block));
  } else {
    window.addEventListener("resize", () => states.forEach(measure));
  }

  if (document.fonts && document.fonts.ready) {
    document.fonts.ready.then(() => states.forEach(measure));
  }
})();
