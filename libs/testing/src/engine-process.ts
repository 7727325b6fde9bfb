import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The built round engine (`npm run build:server`). */
export const ENGINE_MAIN = join(ROOT, 'dist/apps/round-engine/src/main.js');

export interface LogLine {
  at: number;
  msg: string;
  [key: string]: unknown;
}

/** A round-engine process started from the build, its JSON log lines collected as they arrive. */
export class EngineProcess {
  readonly child: ChildProcess;
  readonly logs: LogLine[] = [];
  private buffer = '';

  constructor(env: Record<string, string>) {
    if (!existsSync(ENGINE_MAIN))
      throw new Error(`${ENGINE_MAIN} is missing: run \`npm run build\` first (this suite starts the built engine)`);
    this.child = spawn(process.execPath, [ENGINE_MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        JWT_SECRET: 'engine-process-secret-0123456789',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onData = (data: Buffer) => {
      this.buffer += String(data);
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        try {
          this.logs.push({ at: Date.now(), ...(JSON.parse(line) as { msg: string }) });
        } catch {
          /* not a log line */
        }
      }
    };
    this.child.stdout!.on('data', onData);
    this.child.stderr!.on('data', onData);
  }

  get pid(): number {
    return this.child.pid!;
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  logged(pattern: RegExp, since = 0): LogLine[] {
    return this.logs.filter((l) => l.at >= since && pattern.test(l.msg));
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  async kill(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGCONT');
    this.child.kill('SIGKILL');
    await exited;
  }
}
