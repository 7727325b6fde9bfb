import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress.mjs';

describe('precompressing the built web app', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside every compressible file of 1 KiB or more, which decompress to the original', () => {
    const js = 'export const answer = 42;\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>WinRound</p>'.repeat(100)}`);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{color:red}');
    writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{"mappings":""}'.repeat(200));
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7));

    const written = precompressDir(dir);

    expect(written.map((f) => f.path.slice(dir.length + 1)).sort()).toEqual(['assets/index-abc.js', 'index.html']);
    const file = join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(js.length / 10);
    // Too small to gain, never served, or already compressed: left alone.
    for (const skipped of ['assets/tiny.css', 'assets/index-abc.js.map', 'icon.png']) {
      expect(existsSync(join(dir, `${skipped}.br`))).toBe(false);
      expect(existsSync(join(dir, `${skipped}.gz`))).toBe(false);
    }
  });
});
