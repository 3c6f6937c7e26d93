/*
 * Folio site search (docs/CONTRACTS.md: "Search tokens", "Search index", "Search queries").
 *
 * The tokeniser and the query below follow the rules of Sources/SiteSearch (the build side)
 * exactly; Tests/Search/cases.json feeds both the Swift tests and Tests/Search/search.test.js.
 * The page loads `meta.json` of its language's index, then only the shards holding the query's
 * terms and the files of the results it shows. Results are built with DOM calls and
 * `textContent` (never `innerHTML`), the count is announced through a polite live region, and
 * `?q=` keeps the query in the address: one history entry per search, so back and forward
 * return to earlier searches. Nothing is written inline, so it works under a strict CSP.
 */
(function () {
  "use strict";

  const MAX_WORD = 64;
  const PREFIX_SHARD_LIMIT = 8;
  const FORMAT_VERSION = 2;
  const K1 = 1.2;
  const B = 0.75;
  const PAGE_SIZE = 10;
  const SNIPPET_BEFORE = 60;
  const SNIPPET_LENGTH = 200;

  // ---- Tokens ------------------------------------------------------------------------

  /** NFKC, lowercase, final sigma as sigma. */
  function normalise(text) {
    return text.normalize("NFKC").toLowerCase().replace(/\u03C2/g, "\u03C3");
  }

  function isCJK(c) {
    return (
      (c >= 0x3005 && c <= 0x3007) || (c >= 0x3041 && c <= 0x309f) || (c >= 0x30a1 && c <= 0x30fa) ||
      (c >= 0x30fc && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0x3400 && c <= 0x4dbf) ||
      (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x20000 && c <= 0x323af) ||
      (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3131 && c <= 0x318e) || (c >= 0xac00 && c <= 0xd7a3)
    );
  }

  const WORD = /^[\p{L}\p{M}\p{N}_]$/u;
  const DIGIT = /^\p{Nd}$/u;

  /** "c" CJK, "w" word, "a" apostrophe, "d" decimal separator, "s" separator. */
  function classify(ch) {
    const c = ch.codePointAt(0);
    if (c < 0x80) {
      if (ch === "'") return "a";
      if (ch === "." || ch === ",") return "d";
      return /^[A-Za-z0-9_]$/.test(ch) ? "w" : "s";
    }
    if (isCJK(c)) return "c";
    if (c === 0x2019) return "a";
    return WORD.test(ch) ? "w" : "s";
  }

  function wordEnd(start, classes, chars) {
    let end = start;
    while (end < classes.length) {
      if (classes[end] === "w") {
        end += 1;
        continue;
      }
      if (end + 1 >= classes.length || classes[end + 1] !== "w" || end <= start) break;
      if (
        classes[end] === "a" ||
        (classes[end] === "d" && DIGIT.test(chars[end - 1]) && DIGIT.test(chars[end + 1]))
      ) {
        end += 2;
        continue;
      }
      break;
    }
    return end;
  }

  /** The tokens of `text` ({term, position, kind}), positions from `start`. */
  function tokens(text, start) {
    const chars = Array.from(normalise(text));
    const classes = chars.map(classify);
    const out = [];
    let position = start || 0;
    let index = 0;
    while (index < chars.length) {
      const kind = classes[index];
      if (kind === "c") {
        let end = index;
        while (end < chars.length && classes[end] === "c") end += 1;
        for (let first = index; first < end - 1; first += 1) {
          out.push({ term: chars[first] + chars[first + 1], position: position++, kind: "bigram" });
        }
        out.push({ term: chars[end - 1], position: position++, kind: "single" });
        index = end;
      } else if (kind === "w") {
        const end = wordEnd(index, classes, chars);
        out.push({ term: chars.slice(index, Math.min(end, index + MAX_WORD)).join(""), position: position++, kind: "word" });
        index = end;
      } else {
        index += 1;
      }
    }
    return out;
  }

  /** The query's terms: {term, position, prefix, follows}. */
  function parseQuery(text) {
    const all = tokens(text, 0);
    const terms = [];
    all.forEach((token, index) => {
      const previous = index > 0 ? all[index - 1] : null;
      const afterBigram = previous !== null && previous.kind === "bigram" && previous.position === token.position - 1;
      if (token.kind === "single" && afterBigram) return;
      terms.push({ term: token.term, position: token.position, prefix: false, follows: token.kind === "bigram" && afterBigram, kind: token.kind });
    });
    if (terms.length > 0) {
      const last = terms[terms.length - 1];
      last.prefix = (last.kind === "word" && Array.from(last.term).length >= 2) || last.kind === "single";
    }
    return terms.map(({ term, position, prefix, follows }) => ({ term, position, prefix, follows }));
  }

  /** Negative, zero or positive as `a` sorts before, with or after `b` by code point. */
  function compare(a, b) {
    const x = Array.from(a);
    const y = Array.from(b);
    const common = Math.min(x.length, y.length);
    for (let i = 0; i < common; i += 1) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  }

  // ---- Index -------------------------------------------------------------------------

  /**
   * An index at `base` (ending in `/`), its files read through `load(url, kind)`: the parsed
   * JSON for kind "json" (meta.json, page files), the bytes (an ArrayBuffer or a Uint8Array)
   * for kind "binary" (shards).
   */
  function createIndex(base, load) {
    const shards = new Map();
    const pages = new Map();
    let meta = null;
    let norms = null;
    return {
      base,
      meta() {
        if (meta === null) {
          meta = load(base + "meta.json", "json").then((value) => {
            if (!value || value.format !== "folio-search" || value.version !== FORMAT_VERSION) throw new Error("unknown index format");
            return value;
          });
        }
        return meta;
      },
      /** Every page's norm, one byte a page in page order. */
      norms() {
        if (norms === null) norms = load(base + "norms.bin", "binary").then((value) => (value instanceof Uint8Array ? value : new Uint8Array(value)));
        return norms;
      },
      shard(number, value) {
        if (!shards.has(number)) shards.set(number, load(base + "t/" + shardName(value, number) + ".bin", "binary").then(decodeShard));
        return shards.get(number);
      },
      /** Page `number`: entry `number % pagesPerFile` of file `p/<number / pagesPerFile>.json`. */
      async page(number) {
        const perFile = (await this.meta()).pagesPerFile;
        const file = Math.floor(number / perFile);
        if (!pages.has(file)) pages.set(file, load(base + "p/" + file + ".json", "json"));
        return (await pages.get(file))[number % perFile];
      },
    };
  }

  /** FNV-1a (32 bits) of `text`'s UTF-8, as 8 hexadecimal digits. */
  function fnv1a(text) {
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(text)) {
      hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, "0");
  }

  /** The file name of shard `number`: its first term's hash, unless meta.json names it. */
  function shardName(meta, number) {
    return (meta.names && meta.names[String(number)]) || fnv1a(meta.shards[number]);
  }

  /**
   * Reads the varint (unsigned LEB128) at `reader.at` in `bytes`, moving past it; a file cut
   * short (a failed or partial download) is an error, never a loop past its end.
   */
  function varint(bytes, reader) {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (reader.at >= bytes.length) throw new Error("the search index is cut short");
      const byte = bytes[reader.at];
      reader.at += 1;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  }

  const utf8 = new TextDecoder();

  /** A shard file: per term its UTF-8 and its postings' bytes (decoded when a query reads them). */
  function decodeShard(value) {
    const bytes = value instanceof Uint8Array ? value : new Uint8Array(value);
    const reader = { at: 0 };
    const count = varint(bytes, reader);
    const terms = [];
    const postings = new Map();
    for (let i = 0; i < count; i += 1) {
      const termLength = varint(bytes, reader);
      if (reader.at + termLength > bytes.length) throw new Error("the search index is cut short");
      const term = utf8.decode(bytes.subarray(reader.at, reader.at + termLength));
      reader.at += termLength;
      const postingLength = varint(bytes, reader);
      if (reader.at + postingLength > bytes.length) throw new Error("the search index is cut short");
      terms.push(term);
      postings.set(term, bytes.subarray(reader.at, reader.at + postingLength));
      reader.at += postingLength;
    }
    return { terms, postings };
  }

  /**
   * A term's postings: per page its delta, its weighted frequency and position count as one
   * number (`weighted · (positionLimit + 1) + count`), its positions; the norm from `norms`.
   */
  function decodePostings(bytes, norms, positionLimit) {
    const list = [];
    const reader = { at: 0 };
    let page = 0;
    while (reader.at < bytes.length) {
      page += varint(bytes, reader);
      const both = varint(bytes, reader);
      const count = both % (positionLimit + 1);
      const weighted = (both - count) / (positionLimit + 1);
      const positions = [];
      let last = 0;
      for (let j = 0; j < count; j += 1) {
        last += varint(bytes, reader);
        positions.push(last);
      }
      list.push({ page, weighted, norm: norms[page], positions });
    }
    return list;
  }

  /** The shard holding (or that would hold) `term`. */
  function shardHolding(meta, term) {
    let low = 0;
    let high = meta.shards.length;
    while (low + 1 < high) {
      const middle = (low + high) >> 1;
      if (compare(term, meta.shards[middle]) < 0) high = middle;
      else low = middle;
    }
    return low;
  }

  /** The shards the query reads, by number, in order. */
  function neededShards(meta, terms) {
    const numbers = new Set();
    for (const term of terms) {
      const first = shardHolding(meta, term.term);
      numbers.add(first);
      if (!term.prefix) continue;
      let next = first + 1;
      while (next < meta.shards.length && next - first < PREFIX_SHARD_LIMIT && meta.shards[next].startsWith(term.term)) {
        numbers.add(next);
        next += 1;
      }
    }
    return Array.from(numbers).sort((a, b) => a - b);
  }

  function idf(pages, frequency) {
    return Math.log(1 + (pages - frequency + 0.5) / (frequency + 0.5));
  }

  function saturation(posting, averageLength) {
    const length = Math.pow(2, posting.norm / 4) - 1;
    const normalised = posting.weighted / (1 - B + (B * length) / Math.max(1, averageLength));
    return (normalised * (K1 + 1)) / (normalised + K1);
  }

  function standTogether(terms, entries, indices) {
    const known = indices.filter((i) => entries[i].positions.length > 0);
    if (known.length < 2) return true;
    const anchor = known[0];
    const sets = known.map((i) => new Set(entries[i].positions));
    return entries[anchor].positions.some((start) =>
      known.every((term, k) => sets[k].has(start + terms[term].position - terms[anchor].position)),
    );
  }

  function runsHold(terms, entries) {
    let start = 0;
    while (start < terms.length) {
      let end = start + 1;
      while (end < terms.length && terms[end].follows) end += 1;
      if (end - start > 1) {
        const range = [];
        for (let i = start; i < end; i += 1) range.push(i);
        if (!standTogether(terms, entries, range)) return false;
      }
      start = end;
    }
    return true;
  }

  /**
   * The pages that have every term of `text`: [{page, score, phrase, lang?}], those in the
   * index's language first (a one-language site's index holds pages of other languages too,
   * listed in meta.json's `pageLanguages` with their `lang`), then phrases, then by score.
   */
  async function search(index, text) {
    const terms = parseQuery(text);
    if (terms.length === 0) return [];
    const meta = await index.meta();
    const numbers = neededShards(meta, terms);
    const loaded = new Map();
    const [norms, ...shards] = await Promise.all([index.norms(), ...numbers.map((number) => index.shard(number, meta))]);
    numbers.forEach((number, k) => loaded.set(number, shards[k]));
    const matches = terms.map((term) => {
      const found = new Map();
      const add = (ints) => {
        const postings = decodePostings(ints, norms, meta.positionLimit);
        const weight = idf(meta.pages, postings.length);
        for (const posting of postings) {
          const score = weight * saturation(posting, meta.averageLength);
          const known = found.get(posting.page);
          if (known) found.set(posting.page, { score: Math.max(known.score, score), positions: known.positions.concat(posting.positions) });
          else found.set(posting.page, { score, positions: posting.positions });
        }
      };
      if (!term.prefix) {
        const ints = loaded.get(shardHolding(meta, term.term)).postings.get(term.term);
        if (ints) add(ints);
        return found;
      }
      // Through the shards fetched one after another from the one holding the prefix.
      for (let number = shardHolding(meta, term.term); loaded.has(number); number += 1) {
        const shard = loaded.get(number);
        let ended = false;
        for (const candidate of shard.terms) {
          if (compare(candidate, term.term) < 0) continue;
          if (!candidate.startsWith(term.term)) {
            ended = true;
            break;
          }
          add(shard.postings.get(candidate));
        }
        if (ended) break;
      }
      return found;
    });
    const otherLanguage = new Map();
    for (const [tag, pages] of Object.entries(meta.pageLanguages || {})) {
      for (const page of pages) otherLanguage.set(page, tag);
    }
    const results = [];
    for (const [page, first] of matches[0]) {
      const entries = [first];
      for (const other of matches.slice(1)) {
        const entry = other.get(page);
        if (!entry) break;
        entries.push(entry);
      }
      if (entries.length !== terms.length || !runsHold(terms, entries)) continue;
      const score = Math.round(entries.reduce((sum, entry) => sum + entry.score, 0) * 1e6) / 1e6;
      const phrase = terms.length > 1 && entries.every((entry) => entry.positions.length > 0) && standTogether(terms, entries, terms.map((_, i) => i));
      const result = { page, score, phrase };
      if (otherLanguage.has(page)) result.lang = otherLanguage.get(page);
      results.push(result);
    }
    const other = (result) => (result.lang === undefined ? 0 : 1);
    results.sort((a, b) =>
      other(a) !== other(b) ? other(a) - other(b) : a.phrase !== b.phrase ? (a.phrase ? -1 : 1) : a.score !== b.score ? b.score - a.score : a.page - b.page,
    );
    return results;
  }

  // ---- Snippets ----------------------------------------------------------------------

  /**
   * A piece of `text` around the first match of `text`'s query terms, as [{text, mark}]
   * parts: Latin words that are a term (or begin with the prefix), CJK characters covered by a
   * matching bigram or equal to a single-character term.
   */
  function snippet(text, query) {
    const terms = parseQuery(query);
    const exact = new Set(terms.filter((t) => !t.prefix).map((t) => t.term));
    const prefixes = terms.filter((t) => t.prefix).map((t) => t.term);
    const matches = (term) => exact.has(term) || prefixes.some((p) => term.startsWith(p));
    const chars = Array.from(text);
    const classes = chars.map((ch) => classify(Array.from(normalise(ch))[0] || " "));
    const marked = new Array(chars.length).fill(false);
    let i = 0;
    while (i < chars.length) {
      if (classes[i] === "w") {
        const end = wordEnd(i, classes, chars);
        if (matches(normalise(chars.slice(i, end).join("")))) marked.fill(true, i, end);
        i = end;
      } else if (classes[i] === "c") {
        let end = i;
        while (end < chars.length && classes[end] === "c") end += 1;
        for (let k = i; k < end; k += 1) {
          if (k + 1 < end && exact.has(normalise(chars[k] + chars[k + 1]))) marked.fill(true, k, k + 2);
          else if (prefixes.some((p) => Array.from(p).length === 1 && normalise(chars[k]) === p)) marked[k] = true;
        }
        i = end;
      } else {
        i += 1;
      }
    }
    const firstMark = marked.indexOf(true);
    let start = firstMark < 0 ? 0 : Math.max(0, firstMark - SNIPPET_BEFORE);
    while (start > 0 && start < firstMark && classes[start - 1] !== "s") start += 1;
    const end = Math.min(chars.length, start + SNIPPET_LENGTH);
    const parts = [];
    if (start > 0) parts.push({ text: "…", mark: false });
    for (let k = start; k < end; k += 1) {
      const ch = chars[k] === "\n" ? " " : chars[k];
      const last = parts[parts.length - 1];
      if (last && last.mark === marked[k] && last.text !== "…") last.text += ch;
      else parts.push({ text: ch, mark: marked[k] });
    }
    if (end < chars.length) parts.push({ text: "…", mark: false });
    return parts;
  }

  const api = { normalise, tokens, parseQuery, compare, fnv1a, createIndex, decodeShard, decodePostings, neededShards, search, snippet };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document === "undefined") return;

  // ---- Page --------------------------------------------------------------------------

  function start() {
    const form = document.querySelector("form[data-folio-search]");
    if (!form) return;
    const input = form.querySelector("input[type=search]");
    const language = form.querySelector("select[name=lang]");
    const status = document.querySelector("[data-folio-search-status]");
    const list = document.querySelector("[data-folio-search-results]");
    const more = document.querySelector("[data-folio-search-more]");
    const fallback = document.querySelector("[data-folio-search-noscript]");
    if (fallback) fallback.hidden = true;
    const indexes = new Map();
    const load = (url, kind) =>
      fetch(url, { credentials: "same-origin" }).then((r) => (r.ok ? (kind === "binary" ? r.arrayBuffer() : r.json()) : Promise.reject(new Error(url + ": " + r.status))));
    const indexFor = () => {
      const option = language ? language.selectedOptions[0] : form.querySelector("input[name=lang]");
      const base = option ? option.dataset.index : "";
      if (!indexes.has(base)) indexes.set(base, createIndex(base, load));
      return indexes.get(base);
    };
    let generation = 0;
    let results = [];
    let shown = 0;
    let pushed = false;

    // The count's form by the page language's CLDR plural rules (data-count-one, -few, -many…,
    // from the label's forms in i18n/<lang>.yaml), never an English "=== 1"; "other" where
    // the language has no form of that category or the browser no Intl.PluralRules.
    const plurals = (() => {
      try {
        return new Intl.PluralRules(document.documentElement.lang || "en");
      } catch (error) {
        return null;
      }
    })();

    function announce(count) {
      if (count === 0 && form.dataset.none) {
        status.textContent = form.dataset.none;
        return;
      }
      const category = plurals ? plurals.select(count) : "other";
      const key = "count" + category.charAt(0).toUpperCase() + category.slice(1);
      const label = form.dataset[key] || form.dataset.countOther || "{count}";
      status.textContent = label.split("{count}").join(String(count));
    }

    async function showMore(index, query, current) {
      const slice = results.slice(shown, shown + PAGE_SIZE);
      const pages = await Promise.all(slice.map((result) => index.page(result.page)));
      if (current !== generation) return;
      pages.forEach((page, k) => list.append(resultItem(page, query, slice[k].lang)));
      shown += slice.length;
      more.hidden = shown >= results.length;
    }

    /** A URL as people read it (percent-escapes decoded where they make valid UTF-8). */
    function readable(url) {
      try {
        return decodeURI(url);
      } catch (error) {
        return url;
      }
    }

    function resultItem(page, query, lang) {
      const item = document.createElement("li");
      item.className = "folio-search-result";
      // A page in another language than the search page's is read out in its own.
      if (lang) item.lang = lang;
      const link = document.createElement("a");
      link.className = "folio-search-result-title";
      link.href = page.url;
      link.textContent = page.title;
      const url = document.createElement("p");
      url.className = "folio-search-result-url";
      url.textContent = readable(page.url) + (page.date ? " · " + page.date : "");
      const text = document.createElement("p");
      text.className = "folio-search-result-snippet";
      for (const part of snippet(page.text || "", query)) {
        if (part.mark) {
          const mark = document.createElement("mark");
          mark.textContent = part.text;
          text.append(mark);
        } else {
          text.append(document.createTextNode(part.text));
        }
      }
      item.append(link, url, text);
      return item;
    }

    async function run(query) {
      const current = ++generation;
      const index = indexFor();
      if (parseQuery(query).length === 0) {
        list.replaceChildren();
        more.hidden = true;
        status.textContent = "";
        return;
      }
      try {
        const found = await search(index, query);
        if (current !== generation) return;
        results = found;
        shown = 0;
        list.replaceChildren();
        await showMore(index, query, current);
        if (current === generation) announce(results.length);
      } catch (error) {
        if (current !== generation) return;
        list.replaceChildren();
        more.hidden = true;
        status.textContent = form.dataset.failed;
      }
    }

    function address(query) {
      const url = new URL(window.location.href);
      if (query) url.searchParams.set("q", query);
      else url.searchParams.delete("q");
      if (language) url.searchParams.set("lang", language.value);
      return url.pathname + url.search + url.hash;
    }

    function restore() {
      const params = new URLSearchParams(window.location.search);
      input.value = params.get("q") || "";
      if (language && params.get("lang")) {
        const wanted = Array.from(language.options).find((o) => o.value === params.get("lang"));
        if (wanted) language.value = wanted.value;
      } else if (language) {
        const own = Array.from(language.options).find((o) => o.value === document.documentElement.lang);
        if (own) language.value = own.value;
      }
      run(input.value);
    }

    let timer = 0;
    input.addEventListener("input", () => {
      // One history entry per search: the first keystroke after a finished search adds one,
      // the next ones update it.
      const target = address(input.value);
      if (pushed) window.history.replaceState(null, "", target);
      else window.history.pushState(null, "", target);
      pushed = true;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => run(input.value), 60);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      window.clearTimeout(timer);
      window.history.replaceState(null, "", address(input.value));
      pushed = false;
      run(input.value);
    });
    if (language) {
      language.addEventListener("change", () => {
        window.history.replaceState(null, "", address(input.value));
        run(input.value);
      });
    }
    more.addEventListener("click", () => {
      const first = shown;
      showMore(indexFor(), input.value, generation).then(() => {
        const link = list.children[first] && list.children[first].querySelector("a");
        if (link) link.focus();
      });
    });
    window.addEventListener("popstate", () => {
      pushed = false;
      restore();
    });
    // Arrow keys move between the box and the results; Escape goes back to the box.
    form.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" && event.target === input) {
        const link = list.querySelector("a");
        if (link) {
          event.preventDefault();
          link.focus();
        }
      }
    });
    list.addEventListener("keydown", (event) => {
      const links = Array.from(list.querySelectorAll("a.folio-search-result-title"));
      const at = links.indexOf(document.activeElement);
      if (at < 0) return;
      if (event.key === "ArrowDown" && at + 1 < links.length) {
        event.preventDefault();
        links[at + 1].focus();
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        (at > 0 ? links[at - 1] : input).focus();
      } else if (event.key === "Escape") {
        event.preventDefault();
        input.focus();
      }
    });
    restore();
    if (!input.value) input.focus();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
