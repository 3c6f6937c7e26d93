// What one query costs the reader of a built site's /search/ page, measured with the theme's own
// script (Templates/assets/folio-search.js) over the files the build wrote:
//   * bytes: the page, every stylesheet and script it loads, then exactly the index files the
//     script fetches for the query (meta.json, norms.bin, the shards, the first ten results'
//     page files),
//     raw and gzip -9 (what a static host that compresses sends);
//   * time: from the moment the files have arrived (held in memory: JSON as text, shards as
//     bytes) to the first ten results with their snippets, parsing included: the median of 21 runs.
//
//   /usr/bin/node Benchmarks/search-transfer.js OUTPUT_FOLDER LANGUAGE QUERY...
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const search = require(process.env.SCRIPT || path.resolve(__dirname, "../Templates/assets/folio-search.js"));

const [output, language, ...queries] = process.argv.slice(2);
const read = (url) => fs.readFileSync(path.join(output, decodeURIComponent(url.split("?")[0])));
const sizes = (bytes) => ({ raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });

// The page and what it loads (stylesheets, scripts, the icon).
const html = read("/search/index.html");
const assets = Array.from(
  html.toString("utf8").matchAll(/<(?:link[^>]*href|script[^>]*src)="([^"]+)"/g),
  (m) => m[1],
).filter((url) => url.startsWith("/") && !url.endsWith(".xml"));
let pageRaw = sizes(html).raw;
let pageGzip = sizes(html).gzip;
for (const url of assets) {
  const s = sizes(read(url));
  pageRaw += s.raw;
  pageGzip += s.gzip;
}

const kib = (n) => (n / 1024).toFixed(1);
console.log(`| query | language | results | files fetched | index KiB raw | index KiB gzip | total KiB raw (page ${kib(pageRaw)}) | total KiB gzip (page ${kib(pageGzip)}) | ms to results |`);
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");

(async () => {
  for (const query of queries) {
    const fetched = new Map();
    const index = search.createIndex(`/search/${language}/`, async (url, kind) => {
      const bytes = read(url);
      fetched.set(url, sizes(bytes));
      return kind === "binary" ? new Uint8Array(bytes) : JSON.parse(bytes.toString("utf8"));
    });
    const results = await search.search(index, query);
    const first = results.slice(0, 10);
    await Promise.all(first.map((r) => index.page(r.page)));
    let raw = 0;
    let gzip = 0;
    for (const s of fetched.values()) {
      raw += s.raw;
      gzip += s.gzip;
    }
    // Time with every file already here (JSON as text, shards as bytes): parse, search, ten
    // snippets.
    const texts = new Map(Array.from(fetched.keys(), (url) => [url, url.endsWith(".bin") ? new Uint8Array(read(url)) : read(url).toString("utf8")]));
    const times = [];
    for (let run = 0; run < 21; run += 1) {
      const warm = search.createIndex(`/search/${language}/`, async (url, kind) =>
        kind === "binary" ? texts.get(url) : JSON.parse(texts.get(url)),
      );
      const start = process.hrtime.bigint();
      const found = await search.search(warm, query);
      const pages = await Promise.all(found.slice(0, 10).map((r) => warm.page(r.page)));
      for (const page of pages) search.snippet(page.text, query);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${query} | ${language} | ${results.length} | ${fetched.size} | ${kib(raw)} | ${kib(gzip)} | ${kib(raw + pageRaw)} | ${kib(gzip + pageGzip)} | ${times[10].toFixed(1)} |`,
    );
  }
})();
