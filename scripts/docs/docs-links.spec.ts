import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentationPages, githubSlug, headingAnchors, linkTargets, npmScripts, pageProblems } from './markdown.mjs';

/**
 * The documentation stays true: every relative link of README.md, CONTRIBUTING.md and docs/*.md reaches a file (and
 * each #anchor a heading of that page, as GitHub names it), and every `npm run <script>` (or `npm test`, `npm start`)
 * they tell a reader to run is a script of package.json.
 */
describe('the documentation', () => {
  const pages = documentationPages();

  it('is the README, CONTRIBUTING.md and the pages of docs/', () => {
    expect(pages.slice(0, 2)).toEqual(['README.md', 'CONTRIBUTING.md']);
    for (const page of [
      'docs/architecture.md',
      'docs/bet-protocol.md',
      'docs/fairness.md',
      'docs/money.md',
      'docs/identity.md',
      'docs/operations.md',
      'docs/configuration.md',
      'docs/benchmarks.md',
      'docs/testing.md',
    ]) {
      expect(pages).toContain(page);
    }
  });

  it.each(pages)(
    '%s: its relative links reach their files and headings, and the npm scripts it names exist',
    (page) => {
      expect(pageProblems(page)).toEqual([]);
    },
  );

  it('the README links every page of docs/', () => {
    const linked = new Set(linkTargets(readFileSync('README.md', 'utf8')).map((l) => l.target.split('#')[0]));
    expect(pages.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
  });
});

describe('reading Markdown as GitHub does', () => {
  it('names a heading as GitHub does', () => {
    expect(githubSlug('Runbook: faults')).toBe('runbook-faults');
    expect(githubSlug("A bet's walk")).toBe('a-bets-walk');
    expect(githubSlug('The launcher (`npm start`, `scripts/stack.mjs`)')).toBe(
      'the-launcher-npm-start-scriptsstackmjs',
    );
    expect(githubSlug('1. Were the results fixed before I bet?')).toBe('1-were-the-results-fixed-before-i-bet');
    expect(githubSlug('**Bold** and [a link](x.md) — with `ENGINE_ROLES`')).toBe('bold-and-a-link--with-engine_roles');
    expect(githubSlug('WinRoundHttp5xxRate')).toBe('winroundhttp5xxrate');
  });

  it('suffixes a repeated heading, and ignores headings in code', () => {
    const anchors = headingAnchors('# Title\n## Notes\n```\n## Not a heading\n```\n## Notes\n### Notes ##\n');
    expect([...anchors]).toEqual(['title', 'notes', 'notes-1', 'notes-2']);
  });

  it('finds links and images, HTML sources, and none in code', () => {
    const text =
      'See [a](docs/a.md#x) and ![pic](p.png "t").\n<img src="s.png" alt="">\n`[not](code.md)`\n```\n[nor](this.md)\n```\n';
    expect(linkTargets(text)).toEqual([
      { target: 'docs/a.md#x', line: 1 },
      { target: 'p.png', line: 1 },
      { target: 's.png', line: 2 },
    ]);
  });

  it('finds the npm scripts a page names, in code too', () => {
    const text =
      'Run `npm test` or `npm start`.\n```bash\nnpm run bench -- --players 200\nFUZZ_RUNS=2 npm run test:int -- --testPathPatterns x\n```\n';
    expect(npmScripts(text).map((s) => s.script)).toEqual(['test', 'start', 'bench', 'test:int']);
  });

  describe('on a page with mistakes', () => {
    let root: string;
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'docs-links-'));
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts: { test: 'x', bench: 'y' } }));
      writeFileSync(join(root, 'docs/a.md'), '# A\n## Present\n');
      writeFileSync(join(root, 'docs/b.md'), '# B\n');
      writeFileSync(
        join(root, 'README.md'),
        [
          '# Top',
          '[ok](docs/a.md#present) [self](#top) [web](https://example.com/#x) [mail](mailto:a@b.c)',
          '[gone](docs/gone.md) [anchor](docs/a.md#absent) [here](#nowhere) [out](../elsewhere.md)',
          '`npm test`, `npm run bench`, `npm run lint`',
        ].join('\n'),
      );
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('names each broken link and unknown script, with its line', () => {
      expect(pageProblems('README.md', root)).toEqual([
        'README.md:3: docs/gone.md: no file docs/gone.md',
        'README.md:3: docs/a.md#absent: docs/a.md has no heading #absent',
        'README.md:3: #nowhere: README.md has no heading #nowhere',
        'README.md:3: ../elsewhere.md leaves the repository',
        'README.md:4: npm run lint: package.json has no script "lint"',
      ]);
      expect(pageProblems('docs/b.md', root)).toEqual([]);
    });
  });
});
