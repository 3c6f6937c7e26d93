#!/usr/bin/env python3
"""import_check.py TOOL SRCROOT OUTDIR CONTENTDIR[=PREFIX]... [--langs=CODE=PREFIX,...]

For a repository built with another tool (TOOL: hugo, jekyll, mkdocs) and imported with
`folio import`, computes each page's URL under the old tool's rules (Hugo: cleaned,
lower-cased paths, `slug`, `url`, language suffixes; Jekyll: pretty post permalinks from the
file name and front matter date; MkDocs: directory URLs) and checks that Folio's output in
OUTDIR answers it; then scans the output's HTML outside <pre>, <code>, <script> and <style>
for syntax of the old tool printed as text (front matter, shortcodes, Liquid, admonition and
tab markers, attribute lists). See Benchmarks/imports.sh and Benchmarks/RESULTS.md.
"""
import os, re, sys, json
tool, root, out = sys.argv[1], sys.argv[2], sys.argv[3]
dirs = [a for a in sys.argv[4:] if not a.startswith('--langs=')]
langs = {}
for a in sys.argv[4:]:
    if a.startswith('--langs='):
        for kv in a[8:].split(','):
            k, v = kv.split('='); langs[k] = v
try:
    import tomllib
except ImportError:
    tomllib = None
import yaml

def front(path):
    t = open(path, encoding='utf-8', errors='replace').read()
    if t.startswith('+++'):
        end = t.find('\n+++', 3)
        try: return tomllib.loads(t[3:end]) or {}
        except Exception: return {}
    if t.startswith('---'):
        end = t.find('\n---', 3)
        try: return yaml.safe_load(t[3:end]) or {}
        except Exception: return {}
    return {}

def hugo_sanitize(p):
    p = p.replace(' ', '-')
    return ''.join(c for c in p if c.isalnum() or c in './-_%+~@').lower()

expected = {}
for cdir, prefix in [d.split('=') if '=' in d else (d, '/') for d in dirs]:
    base = os.path.join(root, cdir)
    for dp, dn, fn in os.walk(base):
        if tool == 'jekyll' and cdir == '.': dn[:] = []
        for f in fn:
            if not (f.endswith('.md') or f.endswith('.markdown')): continue
            path = os.path.join(dp, f); rel = os.path.relpath(path, base)
            fm = front(path)
            if not isinstance(fm, dict): fm = {}
            if fm.get('draft') is True or fm.get('published') is False: continue
            if tool == 'jekyll' and cdir == '.' and os.path.dirname(rel): continue
            stem = rel.rsplit('.', 1)[0]
            lang_prefix = None
            if langs and '.' in stem.rsplit('/',1)[-1]:
                base_, suffix = stem.rsplit('.', 1)
                if suffix in langs: stem, lang_prefix = base_, langs[suffix]
            folder, name = os.path.split(stem)
            if tool == 'mkdocs':
                u = '/' + (folder + '/' if folder else '') + ('' if name in ('index', 'README') else name + '/')
                u = u.replace('//', '/')
            elif tool == 'hugo':
                if fm.get('url'):
                    u = fm['url']; u = u if u.startswith('/') else '/' + u
                    if not u.endswith('/') and '.' not in u.rsplit('/',1)[-1]: u += '/'
                elif name == '_index':
                    u = '/' + (folder + '/' if folder else '')
                elif name == 'index':
                    u = '/' + folder + '/'
                else:
                    u = '/' + (folder + '/' if folder else '') + str(fm.get('slug') or name) + '/'
                u = hugo_sanitize(u) if not fm.get('url') else u
                u = (lang_prefix or prefix).rstrip('/') + u
            elif tool == 'jekyll':
                if fm.get('permalink'):
                    u = fm['permalink']
                elif cdir.startswith('_posts') or folder.startswith('_posts'):
                    m = re.match(r'(\d{4})-(\d{2})-(\d{2})-(.*)', name)
                    if not m: continue
                    y, mo, d, t = m.groups()
                    fd = fm.get('date')
                    if fd is not None:
                        fs = str(fd)
                        if re.match(r'\d{4}-\d{2}-\d{2}', fs): y, mo, d = fs[0:4], fs[5:7], fs[8:10]
                    u = f'/{y}/{mo}/{d}/{t}/'   # pretty
                elif folder.startswith('_') or cdir.startswith('_'):
                    continue
                else:
                    u = '/' + (folder + '/' if folder else '') + ('' if name == 'index' else name + '/')
            expected[rel] = u

def exists(u):
    p = u.lstrip('/')
    from urllib.parse import unquote
    p = unquote(p)
    cands = [os.path.join(out, p, 'index.html'), os.path.join(out, p)]
    return any(os.path.isfile(c) for c in cands)

ok = [r for r, u in expected.items() if exists(u)]
bad = [(r, u) for r, u in expected.items() if not exists(u)]
print(f'{tool}: {len(ok)}/{len(expected)} old URLs answer ({100*len(ok)/max(1,len(expected)):.1f}%)')
for r, u in bad[:12]: print('  missing', u, '<-', r)

# literal markers outside code
marks = {'frontmatter +++': re.compile(r'^\+\+\+', re.M), 'shortcode': re.compile(r'\{\{[<%]|[>%]\}\}'),
         'liquid': re.compile(r'\{%|%\}'), 'admonition': re.compile(r'(^|>)\s*(!!!|\?\?\?\+?) '),
         'tab': re.compile(r'=== &quot;|=== "'), 'attr {#': re.compile(r'\{#[A-Za-z]|\{: ?\.|\{\.[a-z]')}
counts = {k: 0 for k in marks}; pages = {k: set() for k in marks}
for dp, dn, fn in os.walk(out):
    for f in fn:
        if not f.endswith('.html'): continue
        t = open(os.path.join(dp, f), encoding='utf-8', errors='replace').read()
        t = re.sub(r'<pre.*?</pre>|<code.*?</code>|<script.*?</script>|<style.*?</style>', '', t, flags=re.S)
        t = re.sub(r'<[^>]+>', '\n', t)
        for k, rx in marks.items():
            n = len(rx.findall(t))
            if n: counts[k] += n; pages[k].add(os.path.relpath(os.path.join(dp, f), out))
print('literal markers outside code:', {k: v for k, v in counts.items()})
for k in marks:
    if pages[k]: print('  ', k, sorted(pages[k])[:4])
