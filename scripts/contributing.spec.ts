import { existsSync, readFileSync } from 'node:fs';

/** CONTRIBUTING.md's "Where each rule is decided" stays true: every file exists and exports the name it is listed by. */
describe('CONTRIBUTING: where each rule is decided', () => {
  const text = readFileSync('CONTRIBUTING.md', 'utf8');
  const section = text.split('## Where each rule is decided')[1]?.split('\n## ')[0] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| rule ') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

  it('lists the rules', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
  });

  it.each(rows.map((row) => [row[1], row[2], row[3], row[4]]))(
    '%s: %s exports %s',
    (_rule, fileCell, nameCell, backedCell) => {
      const [file] = code(fileCell!);
      const [name] = code(nameCell!);
      expect(existsSync(file!)).toBe(true);
      const source = readFileSync(file!, 'utf8');
      expect(source).toMatch(
        new RegExp(`export (async )?(function|const|class|interface|type|abstract class) ${name}\\b`),
      );
      for (const path of code(backedCell!).filter((c) => c.includes('/'))) expect(existsSync(path)).toBe(true);
    },
  );
});
