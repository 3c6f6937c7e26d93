/*
 * Folio bookmark tables (markup: docs/CONTRACTS.md, "Bookmark table").
 *
 * Adds to every `figure.folio-bookmarks`:
 * - a toolbar: a labelled filter field, "Copy selected as Markdown" (all shown rows when none
 *   is selected), "Reset order" (shown while the order differs from the page's) and a status
 *   line announced politely;
 * - a multi-select grid: click selects a row, Shift-click selects a range, Ctrl/⌘-click
 *   toggles; rows use a roving tabindex with ArrowUp/Down, Home/End, Space (toggle),
 *   Shift+Arrow (extend), Ctrl/⌘+A (all shown), Ctrl/⌘+C (copy), Enter (open the link),
 *   Escape (clear), Alt+ArrowUp/Down (move the row);
 * - reordering: drag the grip with any pointer (pointer events, so mouse, pen, touch and
 *   automation behave alike) or drag a row with HTML5 drag and drop; dragging a row or its
 *   link out of the page carries its URL(s) as text/uri-list and text/plain;
 * - sorting by a column header button (`aria-sort` on the th); sorting is a view and is not
 *   saved, while moves are saved per table in localStorage under `data-bookmarks-key`.
 * Pages without bookmark tables do nothing.
 */
(() => {
  "use strict";

  const figures = document.querySelectorAll("figure.folio-bookmarks");
  if (figures.length === 0) {
    return;
  }

  const TEXT = {
    en: {
      filter: "Filter",
      copy: "Copy selected as Markdown",
      reset: "Reset order",
      hint: "Arrow keys move between rows, Space selects, Alt+Arrow keys move a row, Enter opens the link.",
      shown: (n, total) => `${n} of ${total} bookmarks shown`,
      copied: (n) => (n === 1 ? "Copied 1 link as Markdown" : `Copied ${n} links as Markdown`),
      copyFallback: "Press Ctrl+C (⌘C) to copy the selected Markdown.",
      markdown: "Markdown",
      close: "Close",
      moved: (title, position, total) => `Moved “${title}” to position ${position} of ${total}`,
      restored: "Original order restored",
      sorted: (column, direction) => `Sorted by ${column}, ${direction}`,
      ascending: "ascending",
      descending: "descending",
    },
    ja: {
      filter: "絞り込み",
      copy: "選択をMarkdownでコピー",
      reset: "元の順序に戻す",
      hint: "上下矢印キーで行を移動、スペースで選択、Alt+上下矢印キーで行を並べ替え、Enterでリンクを開きます。",
      shown: (n, total) => `${total}件中${n}件を表示`,
      copied: (n) => `${n}件のリンクをMarkdownでコピーしました`,
      copyFallback: "Ctrl+C（⌘C）で選択したMarkdownをコピーしてください。",
      markdown: "Markdown",
      close: "閉じる",
      moved: (title, position, total) => `「${title}」を${total}件中${position}番目に移動しました`,
      restored: "元の順序に戻しました",
      sorted: (column, direction) => `${column}で${direction}に並べ替えました`,
      ascending: "昇順",
      descending: "降順",
    },
  };

  let counter = 0;
  const uniqueId = (prefix) => {
    counter += 1;
    let id = `${prefix}-${counter}`;
    while (document.getElementById(id)) {
      counter += 1;
      id = `${prefix}-${counter}`;
    }
    return id;
  };

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      node.setAttribute(name, value);
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function markdownLine(row) {
    const link = row.querySelector("a[href]");
    const title = (link ? link.textContent : row.cells[0].textContent).trim().replace(/\s+/g, " ");
    const url = row.getAttribute("data-url") || (link ? link.href : "");
    const safeTitle = title.replace(/[\\[\]]/g, (c) => `\\${c}`);
    const safeURL = url.replace(/[ ()<>]/g, (c) => encodeURIComponent(c).replace("(", "%28").replace(")", "%29"));
    return `[${safeTitle}](${safeURL})`;
  }

  function setUp(figure) {
    if (figure.hasAttribute("data-folio-ready")) {
      return;
    }
    const table = figure.querySelector("table.folio-bookmarks-table");
    if (!table || !table.tHead) {
      return;
    }
    figure.setAttribute("data-folio-ready", "");
    const langAttr = (figure.closest("[lang]") || document.documentElement).getAttribute("lang") || "en";
    const lang = langAttr.toLowerCase().startsWith("ja") ? "ja" : "en";
    const text = TEXT[lang];
    const collator = new Intl.Collator(langAttr, { numeric: true, sensitivity: "base" });
    const storageKey = figure.getAttribute("data-bookmarks-key");
    const bodies = Array.from(table.tBodies);
    const dataRows = (body) => Array.from(body.rows).filter((row) => row.hasAttribute("data-url"));
    const allRows = () => bodies.flatMap(dataRows);
    const shownRows = () => allRows().filter((row) => !row.hidden);

    // Stable identities for saving: the URL plus its occurrence number.
    const seen = new Map();
    allRows().forEach((row) => {
      const url = row.getAttribute("data-url");
      const n = (seen.get(url) || 0) + 1;
      seen.set(url, n);
      row.dataset.folioKey = n === 1 ? url : `${url}#${n}`;
    });
    const originalOrder = bodies.map((body) => dataRows(body).map((row) => row.dataset.folioKey));

    // ---- Toolbar ------------------------------------------------------------------------
    if (!figure.id) {
      figure.id = uniqueId("bookmarks");
    }
    if (!table.id) {
      table.id = `${figure.id}-table`;
    }
    const toolbar = element("div", { class: "folio-bookmarks-toolbar" });
    const filterId = `${figure.id}-filter`;
    const filterLabel = element("label", { for: filterId }, text.filter);
    const filter = element("input", {
      type: "search",
      id: filterId,
      class: "folio-bookmarks-filter",
      spellcheck: "false",
      "aria-controls": table.id,
    });
    const copyButton = element("button", { type: "button", class: "folio-bookmarks-copy" }, text.copy);
    const resetButton = element("button", { type: "button", class: "folio-bookmarks-reset", hidden: "" }, text.reset);
    const status = element("p", { class: "folio-bookmarks-status", role: "status" });
    const hint = element("p", { class: "folio-visually-hidden", id: `${figure.id}-hint` }, text.hint);
    toolbar.append(filterLabel, filter, copyButton, resetButton, status, hint);
    figure.insertBefore(toolbar, table);

    // ---- Grid semantics -----------------------------------------------------------------
    table.setAttribute("role", "grid");
    table.setAttribute("aria-multiselectable", "true");
    table.setAttribute("aria-describedby", hint.id);
    const caption = figure.querySelector(":scope > figcaption");
    if (caption) {
      if (!caption.id) {
        caption.id = `${figure.id}-caption`;
      }
      table.setAttribute("aria-labelledby", caption.id);
    }
    allRows().forEach((row, index) => {
      row.setAttribute("aria-selected", "false");
      row.tabIndex = index === 0 ? 0 : -1;
      row.draggable = true;
      row.querySelectorAll("a[href], button, input").forEach((control) => {
        control.tabIndex = -1;
      });
      const grip = element("span", { class: "folio-bookmarks-handle", "aria-hidden": "true" }, "⠿");
      row.cells[0].prepend(grip);
    });

    const headers = Array.from(table.tHead.rows[0] ? table.tHead.rows[0].cells : []);
    headers.forEach((th) => {
      const button = element("button", { type: "button", class: "folio-bookmarks-sort" });
      button.append(...Array.from(th.childNodes));
      th.append(button);
    });

    // ---- State helpers ------------------------------------------------------------------
    let anchor = null;

    const currentOrder = () => bodies.map((body) => dataRows(body).map((row) => row.dataset.folioKey));
    const isOriginal = () => JSON.stringify(currentOrder()) === JSON.stringify(originalOrder);

    function announce(message) {
      // Clear first so the same message is announced again.
      status.textContent = "";
      window.setTimeout(() => {
        status.textContent = message;
      }, 30);
    }

    function refreshReset() {
      resetButton.hidden = isOriginal();
    }

    function save() {
      if (!storageKey) {
        return;
      }
      try {
        if (isOriginal()) {
          window.localStorage.removeItem(storageKey);
        } else {
          window.localStorage.setItem(storageKey, JSON.stringify({ version: 1, order: currentOrder() }));
        }
      } catch (error) {
        // Storage can be full or disabled; the order then lasts for this visit only.
      }
    }

    function applyOrder(order) {
      bodies.forEach((body, i) => {
        const keys = Array.isArray(order[i]) ? order[i] : [];
        const rows = dataRows(body);
        const byKey = new Map(rows.map((row) => [row.dataset.folioKey, row]));
        const placed = new Set();
        const sorted = [];
        keys.forEach((key) => {
          const row = byKey.get(key);
          if (row && !placed.has(row)) {
            placed.add(row);
            sorted.push(row);
          }
        });
        rows.forEach((row) => {
          if (!placed.has(row)) {
            sorted.push(row);
          }
        });
        const active = document.activeElement;
        sorted.forEach((row) => body.append(row));
        if (active && body.contains(active)) {
          active.focus();
        }
      });
    }

    function restore() {
      if (!storageKey) {
        return;
      }
      let saved = null;
      try {
        saved = JSON.parse(window.localStorage.getItem(storageKey) || "null");
      } catch (error) {
        saved = null;
      }
      if (saved && saved.version === 1 && Array.isArray(saved.order)) {
        applyOrder(saved.order);
      }
    }

    function clearSort() {
      headers.forEach((th) => th.removeAttribute("aria-sort"));
    }

    function setActive(row, focus) {
      allRows().forEach((other) => {
        other.tabIndex = other === row ? 0 : -1;
      });
      if (focus) {
        row.focus();
      }
    }

    function ensureActiveShown() {
      const rows = shownRows();
      const active = allRows().find((row) => row.tabIndex === 0);
      if (rows.length > 0 && (!active || active.hidden)) {
        setActive(rows[0], false);
      }
    }

    const isSelected = (row) => row.getAttribute("aria-selected") === "true";
    const select = (row, on) => row.setAttribute("aria-selected", on ? "true" : "false");

    function selectRange(from, to, additive) {
      const rows = shownRows();
      let a = rows.indexOf(from);
      let b = rows.indexOf(to);
      if (a === -1) {
        a = b;
      }
      if (a > b) {
        [a, b] = [b, a];
      }
      rows.forEach((row, i) => {
        if (i >= a && i <= b) {
          select(row, true);
        } else if (!additive) {
          select(row, false);
        }
      });
    }

    function selectOnly(row) {
      allRows().forEach((other) => select(other, other === row));
    }

    /** Moves `row` so it sits before `reference` (null: at the end) inside `body`. */
    function moveRow(row, body, reference) {
      if (reference === row || row.nextSibling === reference && row.parentNode === body) {
        return false;
      }
      const hadFocus = document.activeElement === row;
      body.insertBefore(row, reference);
      if (hadFocus) {
        row.focus();
      }
      return true;
    }

    function afterMove(row) {
      clearSort();
      save();
      refreshReset();
      const rows = dataRows(row.parentNode);
      const title = (row.querySelector("a") || row.cells[0]).textContent.replace("⠿", "").trim();
      announce(text.moved(title, rows.indexOf(row) + 1, rows.length));
    }

    /** Alt+Arrow: swaps the row with its previous or next shown sibling in the same group. */
    function moveBy(row, delta) {
      const rows = dataRows(row.parentNode).filter((r) => !r.hidden);
      const index = rows.indexOf(row);
      const target = rows[index + delta];
      if (!target) {
        return;
      }
      // Move the neighbour rather than the focused row, so focus is never disturbed.
      if (delta < 0) {
        row.parentNode.insertBefore(target, row.nextSibling);
      } else {
        row.parentNode.insertBefore(target, row);
      }
      afterMove(row);
    }

    // ---- Filter -------------------------------------------------------------------------
    const normalise = (value) => value.normalize("NFKC").toLowerCase();
    function applyFilter() {
      const query = normalise(filter.value.trim());
      let shown = 0;
      const rows = allRows();
      rows.forEach((row) => {
        const match = query === "" || normalise(row.textContent).includes(query);
        row.hidden = !match;
        if (!match) {
          select(row, false);
        } else {
          shown += 1;
        }
      });
      bodies.forEach((body) => {
        const groupRow = Array.from(body.rows).find((row) => row.classList.contains("folio-bookmarks-group"));
        if (groupRow) {
          groupRow.hidden = dataRows(body).every((row) => row.hidden);
        }
      });
      ensureActiveShown();
      announce(query === "" ? "" : text.shown(shown, rows.length));
    }
    filter.addEventListener("input", applyFilter);

    // ---- Sort ---------------------------------------------------------------------------
    headers.forEach((th, column) => {
      th.querySelector(".folio-bookmarks-sort").addEventListener("click", () => {
        const direction = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
        clearSort();
        th.setAttribute("aria-sort", direction);
        const sign = direction === "ascending" ? 1 : -1;
        const cellText = (row) => (row.cells[column] ? row.cells[column].textContent.replace("⠿", "").trim() : "");
        bodies.forEach((body) => {
          const rows = dataRows(body);
          const order = rows.map((row, i) => ({ row, i, key: cellText(row) }));
          order.sort((x, y) => sign * collator.compare(x.key, y.key) || x.i - y.i);
          const active = document.activeElement;
          order.forEach(({ row }) => body.append(row));
          if (active && body.contains(active)) {
            active.focus();
          }
        });
        refreshReset();
        announce(text.sorted(th.textContent.trim(), text[direction]));
      });
    });

    // ---- Copy ---------------------------------------------------------------------------
    let fallback = null;
    function showFallback(markdown) {
      if (!fallback) {
        const id = `${figure.id}-markdown`;
        fallback = element("div", { class: "folio-bookmarks-fallback" });
        const label = element("label", { for: id }, text.copyFallback);
        const area = element("textarea", { id, readonly: "", rows: "4" });
        const close = element("button", { type: "button" }, text.close);
        close.addEventListener("click", () => {
          fallback.hidden = true;
          copyButton.focus();
        });
        fallback.append(label, area, close);
        toolbar.after(fallback);
      }
      fallback.hidden = false;
      const area = fallback.querySelector("textarea");
      area.value = markdown;
      area.focus();
      area.select();
    }

    async function copy() {
      const selected = shownRows().filter(isSelected);
      const rows = selected.length > 0 ? selected : shownRows();
      if (rows.length === 0) {
        return;
      }
      const markdown = rows.map(markdownLine).join("\n");
      try {
        if (!navigator.clipboard || !navigator.clipboard.writeText) {
          throw new Error("no async clipboard");
        }
        await navigator.clipboard.writeText(markdown);
        announce(text.copied(rows.length));
      } catch (error) {
        showFallback(markdown);
      }
    }
    copyButton.addEventListener("click", copy);

    // ---- Reset --------------------------------------------------------------------------
    resetButton.addEventListener("click", () => {
      applyOrder(originalOrder);
      clearSort();
      if (storageKey) {
        try {
          window.localStorage.removeItem(storageKey);
        } catch (error) {
          // Nothing saved can be removed: nothing to do.
        }
      }
      refreshReset();
      const first = shownRows()[0];
      if (first) {
        setActive(first, true);
      }
      announce(text.restored);
    });

    // ---- Pointer selection --------------------------------------------------------------
    let suppressClick = false;
    table.addEventListener("click", (event) => {
      const row = event.target.closest("tr[data-url]");
      if (!row || !table.contains(row) || suppressClick) {
        suppressClick = false;
        return;
      }
      if (event.target.closest("a, button, input, textarea, select, label")) {
        return;
      }
      if (event.shiftKey && anchor) {
        selectRange(anchor, row, event.ctrlKey || event.metaKey);
      } else if (event.ctrlKey || event.metaKey) {
        select(row, !isSelected(row));
        anchor = row;
      } else {
        selectOnly(row);
        anchor = row;
      }
      setActive(row, true);
    });

    // ---- Keyboard -----------------------------------------------------------------------
    table.addEventListener("keydown", (event) => {
      const row = event.target;
      if (!(row instanceof HTMLTableRowElement) || !row.hasAttribute("data-url")) {
        return;
      }
      const rows = shownRows();
      const index = rows.indexOf(row);
      const command = event.ctrlKey || event.metaKey;
      let target = null;
      switch (event.key) {
        case "ArrowDown":
        case "ArrowUp": {
          const delta = event.key === "ArrowDown" ? 1 : -1;
          if (event.altKey) {
            moveBy(row, delta);
            event.preventDefault();
            return;
          }
          target = rows[index + delta] || null;
          break;
        }
        case "Home":
          target = rows[0];
          break;
        case "End":
          target = rows[rows.length - 1];
          break;
        case " ":
        case "Spacebar":
          select(row, !isSelected(row));
          anchor = row;
          event.preventDefault();
          return;
        case "Enter": {
          const link = row.querySelector("a[href]");
          if (link) {
            link.click();
          }
          event.preventDefault();
          return;
        }
        case "Escape":
          allRows().forEach((r) => select(r, false));
          return;
        default:
          if (command && (event.key === "a" || event.key === "A")) {
            rows.forEach((r) => select(r, true));
            event.preventDefault();
          } else if (command && (event.key === "c" || event.key === "C") && !window.getSelection().toString()) {
            copy();
            event.preventDefault();
          }
          return;
      }
      event.preventDefault();
      if (!target) {
        return;
      }
      setActive(target, true);
      if (event.shiftKey) {
        selectRange(anchor || row, target, false);
      } else {
        // Plain moves carry the anchor along, so Shift+Arrow extends from where focus is.
        anchor = target;
      }
    });

    // ---- Reordering: shared drop computation -------------------------------------------
    function clearIndicators() {
      table.querySelectorAll(".is-drop-before, .is-drop-after").forEach((row) => {
        row.classList.remove("is-drop-before", "is-drop-after");
      });
    }

    /** Where a row dragged to vertical position `y` would land inside `body`. */
    function dropPosition(body, dragged, y) {
      const rows = dataRows(body).filter((row) => !row.hidden && row !== dragged);
      for (const row of rows) {
        const rect = row.getBoundingClientRect();
        if (y < rect.top + rect.height / 2) {
          return { reference: row, marker: row, after: false };
        }
      }
      const last = rows[rows.length - 1];
      const next = last ? last.nextSibling : null;
      return { reference: next, marker: last || null, after: true };
    }

    function showIndicator(position) {
      clearIndicators();
      if (position.marker) {
        position.marker.classList.add(position.after ? "is-drop-after" : "is-drop-before");
      }
    }

    function drop(row, position) {
      clearIndicators();
      if (moveRow(row, row.parentNode, position.reference)) {
        afterMove(row);
      }
    }

    // ---- Reordering with pointer events (the grip) --------------------------------------
    let drag = null;
    table.addEventListener("pointerdown", (event) => {
      const grip = event.target.closest(".folio-bookmarks-handle");
      if (!grip || event.button !== 0 || drag) {
        return;
      }
      const row = grip.closest("tr[data-url]");
      row.draggable = false;
      drag = { row, grip, pointerId: event.pointerId, startY: event.clientY, active: false, position: null, origin: row.nextSibling };
      grip.setPointerCapture(event.pointerId);
      event.preventDefault();
    });

    table.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.pointerId) {
        return;
      }
      if (!drag.active) {
        if (Math.abs(event.clientY - drag.startY) < 4) {
          return;
        }
        drag.active = true;
        table.classList.add("is-dragging");
        drag.row.classList.add("is-drag-source");
      }
      drag.position = dropPosition(drag.row.parentNode, drag.row, event.clientY);
      showIndicator(drag.position);
      event.preventDefault();
    });

    function endPointerDrag(commit) {
      if (!drag) {
        return;
      }
      const { row, active, position } = drag;
      row.draggable = true;
      row.classList.remove("is-drag-source");
      table.classList.remove("is-dragging");
      clearIndicators();
      if (drag.grip.hasPointerCapture(drag.pointerId)) {
        drag.grip.releasePointerCapture(drag.pointerId);
      }
      drag = null;
      if (active) {
        suppressClick = true;
        window.setTimeout(() => {
          suppressClick = false;
        }, 0);
        if (commit && position) {
          drop(row, position);
        }
        setActive(row, true);
      }
    }

    table.addEventListener("pointerup", (event) => {
      if (drag && event.pointerId === drag.pointerId) {
        endPointerDrag(true);
      }
    });
    table.addEventListener("pointercancel", (event) => {
      if (drag && event.pointerId === drag.pointerId) {
        endPointerDrag(false);
      }
    });
    document.addEventListener("keydown", (event) => {
      if (drag && event.key === "Escape") {
        endPointerDrag(false);
      }
    });

    // ---- Reordering and dragging out with HTML5 drag and drop ---------------------------
    let html5Row = null;
    table.addEventListener("dragstart", (event) => {
      const row = event.target.closest && event.target.closest("tr[data-url]");
      if (!row || drag) {
        event.preventDefault();
        return;
      }
      const rows = isSelected(row) ? shownRows().filter(isSelected) : [row];
      const urls = rows.map((r) => r.getAttribute("data-url"));
      const data = event.dataTransfer;
      data.effectAllowed = "copyMove";
      data.setData("text/uri-list", urls.join("\r\n"));
      data.setData("text/plain", urls.join("\n"));
      data.setData("text/x-folio-bookmarks", rows.map(markdownLine).join("\n"));
      html5Row = row;
      row.classList.add("is-drag-source");
    });

    table.addEventListener("dragover", (event) => {
      if (!html5Row) {
        return;
      }
      const over = event.target.closest && event.target.closest("tbody");
      if (!over || over !== html5Row.parentNode) {
        clearIndicators();
        return;
      }
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      showIndicator(dropPosition(over, html5Row, event.clientY));
    });

    table.addEventListener("dragleave", (event) => {
      if (html5Row && !table.contains(event.relatedTarget)) {
        clearIndicators();
      }
    });

    table.addEventListener("drop", (event) => {
      if (!html5Row) {
        return;
      }
      const over = event.target.closest && event.target.closest("tbody");
      if (over && over === html5Row.parentNode) {
        event.preventDefault();
        drop(html5Row, dropPosition(over, html5Row, event.clientY));
      }
    });

    table.addEventListener("dragend", () => {
      if (html5Row) {
        html5Row.classList.remove("is-drag-source");
      }
      html5Row = null;
      clearIndicators();
    });

    // ---- Start --------------------------------------------------------------------------
    restore();
    refreshReset();
    if (shownRows()[0]) {
      setActive(shownRows()[0], false);
    }
  }

  figures.forEach(setUp);
})();
