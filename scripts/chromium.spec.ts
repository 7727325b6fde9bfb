import { ensureChromium, findChromium } from './chromium.mjs';

const nothing = { exists: () => false, which: () => null, bundled: () => null };

describe('finding the Chromium the browser suites drive', () => {
  it('takes CHROMIUM_PATH first, then CHROME_PATH, as given', () => {
    expect(findChromium({ ...nothing, env: { CHROMIUM_PATH: '/opt/c/chrome', CHROME_PATH: '/x' } })).toEqual({
      path: '/opt/c/chrome',
      source: 'CHROMIUM_PATH',
    });
    expect(findChromium({ ...nothing, env: { CHROME_PATH: '/x' } })).toEqual({ path: '/x', source: 'CHROME_PATH' });
  });

  it('then /usr/bin/chromium, then a browser on the PATH, then Playwright’s own', () => {
    const env = {};
    expect(
      findChromium({ ...nothing, env, exists: (p) => p === '/usr/bin/chromium', which: () => '/snap/bin/chromium' })
        ?.path,
    ).toBe('/usr/bin/chromium');
    expect(
      findChromium({ ...nothing, env, which: (b) => (b === 'chromium-browser' ? '/usr/bin/chromium-browser' : null) }),
    ).toEqual({ path: '/usr/bin/chromium-browser', source: 'chromium-browser on the PATH' });
    expect(
      findChromium({ ...nothing, env, which: (b) => (b === 'google-chrome' ? '/usr/bin/google-chrome' : null) })?.path,
    ).toBe('/usr/bin/google-chrome');
    expect(
      findChromium({ ...nothing, env, bundled: () => '/root/.cache/ms-playwright/chromium-1/chrome' })?.source,
    ).toBe("Playwright's Chromium");
    expect(findChromium({ ...nothing, env })).toBeNull();
  });
});

describe('ensureChromium (npm test)', () => {
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);
  beforeEach(() => (lines.length = 0));

  it('installs nothing when a browser is found', async () => {
    let installs = 0;
    const install = async () => {
      installs++;
      return { ok: true, output: '' };
    };
    await expect(
      ensureChromium({
        env: {},
        log,
        find: () => ({ path: '/usr/bin/chromium', source: '/usr/bin/chromium' }),
        install,
      }),
    ).resolves.toEqual({ path: '/usr/bin/chromium', source: '/usr/bin/chromium' });
    expect(installs).toBe(0);
    expect(lines).toEqual([]);
  });

  it('installs Playwright’s Chromium on demand and uses it', async () => {
    let installed = false;
    const found = await ensureChromium({
      env: {},
      log,
      find: () =>
        installed ? { path: '/root/.cache/ms-playwright/chromium-1/chrome', source: "Playwright's Chromium" } : null,
      install: async () => {
        installed = true;
        return { ok: true, output: '' };
      },
    });
    expect(found.path).toBe('/root/.cache/ms-playwright/chromium-1/chrome');
  });

  it('fails with one line saying how to get a browser when the install fails (no network)', async () => {
    const failure = ensureChromium({
      env: {},
      log,
      find: () => null,
      install: async () => ({
        ok: false,
        output: 'Downloading Chromium…\nError: getaddrinfo ENOTFOUND cdn.playwright.dev\n',
      }),
    });
    await expect(failure).rejects.toThrow(
      /^Chromium is needed for the end-to-end and Lighthouse suites .*ENOTFOUND cdn\.playwright\.dev.*CHROMIUM_PATH/,
    );
    const message = await failure.catch((e: Error) => e.message);
    expect(message).not.toContain('\n');
  });
});
