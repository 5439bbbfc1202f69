/** One child process of the stack: spawned with its env, output prefixed line by line, stopped gracefully. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export type OutputSink = (instance: string, line: string, stream: 'stdout' | 'stderr') => void;

export interface ChildOptions {
  /** Instance name: the process name, or `<name>#<n>` for extra worker instances. */
  instance: string;
  entry: string;
  /** Node's own options, before the entry (V8 flags). */
  nodeFlags?: readonly string[];
  args?: string[];
  cwd: string;
  env: Record<string, string>;
  sink: OutputSink;
  /** Lines of output remembered for error messages and `logs()`. */
  keepLines?: number;
}

export class Child {
  readonly instance: string;
  readonly startedAt = Date.now();
  readonly exit: Promise<ExitInfo>;
  private readonly process: ChildProcess;
  private exitInfo: ExitInfo | null = null;
  private readonly recent: string[] = [];

  constructor(private readonly options: ChildOptions) {
    this.instance = options.instance;
    this.process = spawn(process.execPath, [...(options.nodeFlags ?? []), options.entry, ...(options.args ?? [])], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = options.keepLines ?? 400;
    for (const stream of ['stdout', 'stderr'] as const) {
      const source = this.process[stream];
      if (!source) continue;
      createInterface({ input: source, crlfDelay: Infinity }).on('line', (line) => {
        this.recent.push(line);
        if (this.recent.length > keep) this.recent.shift();
        options.sink(this.instance, line, stream);
      });
    }
    this.exit = new Promise<ExitInfo>((resolve) => {
      // 'close' (not 'exit'): by then every line the process printed has been read.
      this.process.once('close', (code, signal) => {
        this.exitInfo ??= { code, signal };
        resolve(this.exitInfo);
      });
      this.process.once('error', (error) => {
        this.recent.push(`spawn failed: ${error.message}`);
        this.exitInfo ??= { code: null, signal: null };
        resolve(this.exitInfo);
      });
    });
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  get exited(): ExitInfo | null {
    return this.exitInfo;
  }

  get env(): Readonly<Record<string, string>> {
    return this.options.env;
  }

  /** The last lines the process printed (stdout and stderr interleaved). */
  logs(count = 50): string[] {
    return this.recent.slice(-count);
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.process.kill(signal);
  }

  /** SIGTERM, then SIGKILL after graceMs when it has not exited. */
  async stop(graceMs: number): Promise<ExitInfo> {
    if (!this.running) return this.exitInfo as ExitInfo;
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    try {
      return await this.exit;
    } finally {
      clearTimeout(timer);
    }
  }
}

export function describeExit(exit: ExitInfo): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code ?? 'unknown'}`;
}

/**
 * Polls url until it answers 2xx. Fails when the child exits first (with its name and exit code)
 * or when timeoutMs passes.
 */
export async function waitHealthy(child: Child, url: string, timeoutMs: number, abort?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (abort?.aborted) throw abortError();
    if (!child.running) {
      throw new StartupError(
        child.instance,
        `${child.instance} exited during start-up (${describeExit(child.exited as ExitInfo)})`,
        child.logs(20),
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).cause ? String(((error as Error).cause as Error).message ?? (error as Error).cause) : (error as Error).message;
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 250)), child.exit]);
  }
  throw new StartupError(child.instance, `${child.instance} did not become healthy at ${url} within ${Math.round(timeoutMs / 1000)} s (${lastProblem})`, child.logs(20));
}

export class StartupError extends Error {
  constructor(
    readonly processName: string,
    message: string,
    readonly lastLines: string[] = [],
  ) {
    super(lastLines.length ? `${message}\nlast output of ${processName}:\n${lastLines.map((l) => `  ${l}`).join('\n')}` : message);
    this.name = 'StartupError';
  }
}

export function abortError(): Error {
  const error = new Error('start-up aborted');
  error.name = 'AbortError';
  return error;
}
