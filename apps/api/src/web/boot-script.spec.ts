import { readFileSync } from 'node:fs';
import { BOOT_SCRIPT_CSP_SOURCE, inlineScriptSources } from './boot-script.js';

describe("index.html's boot script and the Content-Security-Policy", () => {
  it('the page has one inline script, and the policy allows it by the hash the api and nginx send', () => {
    const page = readFileSync('apps/web/index.html', 'utf8');
    expect(inlineScriptSources(page)).toEqual([BOOT_SCRIPT_CSP_SOURCE]);
  });

  it("every policy nginx sends allows the boot script and no other inline script ('unsafe-inline' never)", () => {
    const conf = readFileSync('deploy/nginx/default.conf', 'utf8');
    const scriptSources = [...conf.matchAll(/script-src ([^;"]*)/g)].map((match) => match[1]!.trim());
    expect(scriptSources.length).toBeGreaterThan(0);
    for (const sources of scriptSources) expect(sources).toBe(`'self' ${BOOT_SCRIPT_CSP_SOURCE}`);
  });

  it('a script of any other text has another hash; a script with src is not an inline script', () => {
    expect(inlineScriptSources('<script>alert(1)</script>')).not.toEqual([BOOT_SCRIPT_CSP_SOURCE]);
    expect(inlineScriptSources('<script type="module" src="/src/main.tsx"></script>')).toEqual([]);
  });
});
