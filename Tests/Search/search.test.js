// The theme's search script (Templates/assets/folio-search.js) against Tests/Search/cases.json,
// the cases the Swift tests (Tests/SiteSearchTests) read too. The pages are built into a real
// site by `folio build` (FOLIO_BINARY), so the script reads the index files the build wrote.
//
//   FOLIO_BINARY=.build/release/folio /usr/bin/node --test Tests/Search/search.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

const root = path.resolve(__dirname, "../..");
const search = require(path.join(root, "Templates/assets/folio-search.js"));
const cases = JSON.parse(fs.readFileSync(path.join(__dirname, "cases.json"), "utf8"));

/**
 * Writes `pages` as a site in `language` (multilingual when `languages` lists several), builds
 * it and returns the output folder.
 */
function buildSite(language, languages, pages) {
  const binary = process.env.FOLIO_BINARY;
  assert.ok(binary, "FOLIO_BINARY names the folio executable");
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "folio-search-"));
  const listed = languages ? "languages:\n" + languages.map((code) => `  ${code}: {}\n`).join("") : "";
  fs.writeFileSync(
    path.join(project, "folio.yaml"),
    `title: Search cases\nlanguage: ${language}\n${listed}search: true\n`,
  );
  for (const page of pages) {
    const file = path.join(project, "Content", page.path + ".md");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const front = [`title: ${JSON.stringify(page.title)}`];
    if (page.date) front.push(`date: ${page.date}`);
    if (page.lang) front.push(`lang: ${page.lang}`);
    fs.writeFileSync(file, `---\n${front.join("\n")}\n---\n\n${page.body}\n`);
  }
  const output = path.join(project, "public");
  execFileSync(binary, ["build", "--quiet", "--source", project, "--output", output], { stdio: "inherit" });
  return output;
}

const output = buildSite(cases.site.language, cases.site.languages, cases.pages);
const oneLanguage = cases.oneLanguageSite;
const oneLanguageOutput = buildSite(oneLanguage.language, undefined, oneLanguage.pages);
/** Reads index files from the output folder, recording each URL fetched. */
function indexOf(language, fetched, from = output) {
  return search.createIndex(`/search/${language}/`, async (url, kind) => {
    fetched.push(url);
    const bytes = fs.readFileSync(path.join(from, url));
    return kind === "binary" ? new Uint8Array(bytes) : JSON.parse(bytes.toString("utf8"));
  });
}

test("the cases have tokens, queries and searches", () => {
  assert.ok(cases.tokens.length >= 10 && cases.queries.length >= 5 && cases.searches.length >= 10);
});

for (const item of cases.tokens) {
  test(`tokens of ${item.text}`, () => {
    assert.deepEqual(
      search.tokens(item.text, 0).map((t) => [t.term, t.position, t.kind]),
      item.tokens,
    );
  });
}

for (const item of cases.queries) {
  test(`query terms of ${item.text}`, () => {
    assert.deepEqual(
      search.parseQuery(item.text).map((t) => [t.term, t.position, t.prefix, t.follows]),
      item.terms,
    );
  });
}

for (const item of cases.searches) {
  test(`search ${item.language}: ${item.query}`, async () => {
    const fetched = [];
    const index = indexOf(item.language, fetched);
    const results = await search.search(index, item.query);
    const urls = [];
    for (const result of results) urls.push((await index.page(result.page)).url);
    assert.deepEqual(urls, item.results);
    // Only meta.json, the norms, the shards the query names and the pages asked for.
    assert.ok(fetched.every((url) => /\/(meta\.json|norms\.bin|t\/[0-9a-f-]+\.bin|p\/\d+\.json)$/.test(url)), fetched.join(" "));
  });
}

for (const item of oneLanguage.searches) {
  test(`one-language site, search ${item.language}: ${item.query}`, async () => {
    const index = indexOf(item.language, [], oneLanguageOutput);
    const results = await search.search(index, item.query);
    const urls = [];
    for (const result of results) urls.push((await index.page(result.page)).url);
    assert.deepEqual(urls, item.results);
  });
}

test("a one-language site has one index, and a page in another language says its lang", async () => {
  assert.deepEqual(fs.readdirSync(path.join(oneLanguageOutput, "search")).filter((name) => !name.includes(".")), [oneLanguage.language]);
  const results = await search.search(indexOf(oneLanguage.language, [], oneLanguageOutput), "runs");
  assert.deepEqual(results.map((result) => result.lang), ["en"]);
});

test("code points order terms (an astral character after U+FFFF's neighbours)", () => {
  assert.ok(search.compare("\uFF41", "\u{20000}") < 0);
  assert.ok("\uFF41" > "\u{20000}"); // what plain string comparison would say
});

test("snippets mark the matched words and nothing is HTML", () => {
  const parts = search.snippet("The runner keeps <b>running</b> until you stop.", "run");
  assert.deepEqual(
    parts.filter((p) => p.mark).map((p) => p.text),
    ["runner", "running"],
  );
  assert.ok(parts.map((p) => p.text).join("").includes("<b>"));
});

test("snippets mark CJK bigrams, and a lone character", () => {
  const word = search.snippet("東海道新幹線は東京と新大阪を結ぶ。", "新幹線");
  assert.deepEqual(word.filter((p) => p.mark).map((p) => p.text), ["新幹線"]);
  const single = search.snippet("東京と新大阪", "新");
  assert.deepEqual(single.filter((p) => p.mark).map((p) => p.text), ["新"]);
});

test("a long text is cut around the first match", () => {
  const text = "filler ".repeat(100) + "needle " + "filler ".repeat(100);
  const parts = search.snippet(text, "needle");
  assert.equal(parts[0].text, "…");
  assert.equal(parts[parts.length - 1].text, "…");
  assert.ok(parts.some((p) => p.mark && p.text === "needle"));
});

test("a shard cut short is an error, not a loop past its end", () => {
  // One term "ab" (length 2) with 3 posting bytes, the last of them missing; then a varint
  // whose continuation bit promises a byte that never comes.
  assert.throws(() => search.decodeShard(new Uint8Array([1, 2, 0x61, 0x62, 3, 1, 9])), /cut short/);
  const shard = search.decodeShard(new Uint8Array([1, 2, 0x61, 0x62, 2, 1, 0x80]));
  assert.throws(() => search.decodePostings(shard.postings.get("ab"), new Uint8Array([1, 1]), 8), /cut short/);
});
