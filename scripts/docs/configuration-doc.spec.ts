import { readFileSync } from 'node:fs';
import { KNOWN_VARIABLES } from '@app/config';

/**
 * docs/configuration.md lists every variable the processes read: each property of AppConfig
 * (libs/config/src/app-config.ts) has its row in the page's first table, and that table names no variable the
 * configuration does not have.
 */
describe('docs/configuration.md', () => {
  const source = readFileSync('libs/config/src/app-config.ts', 'utf8');
  const page = readFileSync('docs/configuration.md', 'utf8');

  /** The variables AppConfig declares, read from its source: `  NAME = …`, `  NAME?: …`, `  NAME: type = …`. */
  const declared = (() => {
    const body = source.slice(
      source.indexOf('export class AppConfig {'),
      source.indexOf('\n}\n', source.indexOf('export class AppConfig {')),
    );
    return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\??\s*[:=]/gm)].map((m) => m[1]!).sort();
  })();

  /** The variables of the page's first table (the api nodes' and round engines'): the names in its first column. */
  const documented = (() => {
    const start = page.indexOf('\n## ');
    const section = page.slice(start, page.indexOf('\n## ', start + 1));
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  })();

  it('reads the variables of app-config.ts as the configuration knows them', () => {
    expect(declared.length).toBeGreaterThan(50);
    expect(declared).toEqual([...KNOWN_VARIABLES]);
  });

  it('has a row for every variable of app-config.ts', () => {
    expect(declared.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('lists no variable the configuration does not read, and none twice', () => {
    expect(documented.filter((name) => !declared.includes(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });
});
