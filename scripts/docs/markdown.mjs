// Reading the repository's Markdown as GitHub renders it, to keep its documentation true: the links a page makes
// (relative ones must reach a file, and an `#anchor` a heading of it), its headings' anchors, and the npm scripts it
// tells a reader to run. Used by scripts/docs/docs-links.spec.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The Markdown pages whose links and commands are checked: README.md, CONTRIBUTING.md and every docs/*.md. */
export function documentationPages(root = ROOT) {
  const top = ['README.md', 'CONTRIBUTING.md'].filter((file) => existsSync(join(root, file)));
  const docs = readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`);
  return [...top, ...docs];
}

/** The text outside fenced code blocks (``` or ~~~), each fenced line replaced by an empty one (line numbers kept). */
export function withoutFences(markdown) {
  let fence = null;
  return markdown
    .split('\n')
    .map((line) => {
      const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence) {
        if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = null;
        return '';
      }
      if (open) {
        fence = open[1];
        return '';
      }
      return line;
    })
    .join('\n');
}

/** A line without its code spans (`…`), whose contents are never links. */
function withoutCodeSpans(line) {
  return line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
}

/**
 * A heading's anchor as GitHub makes it (github-slugger): the rendered text (formatting, links and HTML removed),
 * lower case, every character that is not a letter, mark, digit, connector (`_`), space or hyphen removed, spaces
 * turned into hyphens.
 */
export function githubSlug(heading) {
  const text = heading
    .replace(/<[^>]*>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*|~~)/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings (ATX `#` headings outside code), a repeated one suffixed -1, -2 … as GitHub does. */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutFences(markdown).split('\n')) {
    const match = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!match) continue;
    const base = githubSlug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every link target of a page outside code: Markdown links and images `[text](target)`, HTML `href` and `src`. */
export function linkTargets(markdown) {
  const links = [];
  withoutFences(markdown)
    .split('\n')
    .forEach((raw, index) => {
      const line = withoutCodeSpans(raw);
      for (const m of line.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        links.push({ target: m[1], line: index + 1 });
      for (const m of line.matchAll(/\b(?:href|src)\s*=\s*"([^"]+)"/g)) links.push({ target: m[1], line: index + 1 });
    });
  return links;
}

/** A target that leaves the repository (a URL with a scheme, or protocol-relative): not checked here. */
export function isExternal(target) {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** The npm scripts a page names, code included: `npm run <name>`, `npm test`, `npm start`. */
export function npmScripts(markdown) {
  const names = [];
  markdown.split('\n').forEach((line, index) => {
    for (const m of line.matchAll(/\bnpm\s+run(?:-script)?\s+([\w:.-]+)/g))
      names.push({ script: m[1], line: index + 1 });
    for (const m of line.matchAll(/\bnpm\s+(test|start)\b/g)) names.push({ script: m[1], line: index + 1 });
  });
  return names;
}

/**
 * What is wrong with a page's links and commands, one line each (empty when all is well): a relative link to no file,
 * an anchor to no heading of its page, a link that leaves the repository's tree, an npm script package.json lacks.
 */
export function pageProblems(page, root = ROOT) {
  const file = join(root, page);
  const text = readFileSync(file, 'utf8');
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
  const anchorsOf = new Map();
  const anchors = (path) => {
    if (!anchorsOf.has(path)) anchorsOf.set(path, headingAnchors(readFileSync(path, 'utf8')));
    return anchorsOf.get(path);
  };
  const problems = [];
  for (const { target, line } of linkTargets(text)) {
    if (isExternal(target)) continue;
    const [pathPart, anchor] = decodeURI(target).split('#', 2);
    const path = pathPart.split('?')[0];
    const destination = path === '' ? file : normalize(join(dirname(file), path));
    const shown = path === '' ? page : relative(root, destination);
    if (relative(root, destination).startsWith('..')) {
      problems.push(`${page}:${line}: ${target} leaves the repository`);
      continue;
    }
    if (!existsSync(destination)) {
      problems.push(`${page}:${line}: ${target}: no file ${shown}`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!destination.endsWith('.md') || statSync(destination).isDirectory()) {
      problems.push(`${page}:${line}: ${target}: an anchor into ${shown}, which is not a Markdown page`);
    } else if (!anchors(destination).has(anchor)) {
      problems.push(`${page}:${line}: ${target}: ${shown} has no heading #${anchor}`);
    }
  }
  for (const { script, line } of npmScripts(text)) {
    if (!(script in scripts))
      problems.push(
        `${page}:${line}: npm ${script === 'test' || script === 'start' ? script : `run ${script}`}: package.json has no script "${script}"`,
      );
  }
  return problems;
}
