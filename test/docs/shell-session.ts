// One bash session per document: blocks run in order in the same shell, so the variables and
// functions a block defines are there for the next one. The shell reads the path of each block's
// file on fd 3 (the blocks' own stdin is /dev/null, so a command that reads stdin cannot eat the
// next block) and prints a marker after each; `set -euo pipefail` makes the first failing command
// end the shell, and the block that was running is the one at fault.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What every session runs first; CONTRIBUTING.md ("Docs that run") describes it. */
const PREAMBLE = `set -euo pipefail
shopt -s inherit_errexit
exec 2>&1
# Background processes a block starts (a receiver, a seller's server) end with the session.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
# Any curl answer other than 2xx fails the block, with the answer's body in the output.
curl() { command curl --fail-with-body "$@"; }
`;

const DRIVER = `exec 3<&0 </dev/null
source "$DOCS_PREAMBLE"
while IFS= read -r -u 3 block; do
  source "$block"
  printf '\\n%s\\n' "$DOCS_MARK"
done
`;

export class BlockFailure extends Error {}

export class ShellSession {
  private readonly child: ChildProcess;
  private output = '';
  private exited: Promise<number | null>;
  private readonly mark = `__block_done_${randomBytes(6).toString('hex')}__`;
  private count = 0;

  private constructor(readonly dir: string, env: Record<string, string>, preamble: string) {
    this.child = spawn('bash', ['--noprofile', '--norc', '-c', DRIVER], {
      cwd: dir,
      env: { ...env, DOCS_PREAMBLE: preamble, DOCS_MARK: this.mark },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  static async open(dir: string, env: Record<string, string>): Promise<ShellSession> {
    const preamble = join(dir, `preamble-${randomBytes(4).toString('hex')}.sh`);
    await writeFile(preamble, PREAMBLE);
    return new ShellSession(dir, env, preamble);
  }

  /** Runs one block's shell text; resolves with its output, rejects with it when the block fails. */
  async run(script: string, where: string, timeoutMs: number): Promise<string> {
    const file = join(this.dir, `block-${++this.count}.sh`);
    await writeFile(file, script);
    const start = this.output.length;
    this.child.stdin!.write(`${file}\n`);
    const outcome = await new Promise<'done' | 'exit' | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      const check = () => {
        if (this.output.indexOf(this.mark, start) >= 0) {
          clearTimeout(timer);
          this.child.stdout!.off('data', check);
          resolve('done');
        }
      };
      this.child.stdout!.on('data', check);
      void this.exited.then(() => {
        clearTimeout(timer);
        resolve(this.output.indexOf(this.mark, start) >= 0 ? 'done' : 'exit');
      });
      check();
    });
    const text = this.output.slice(start).split(this.mark)[0]!;
    if (outcome === 'done') return text;
    const code = outcome === 'exit' ? await this.exited : null;
    throw new BlockFailure(
      `${where}: the block ${outcome === 'timeout' ? `did not finish in ${timeoutMs / 1000} s` : `failed (exit ${code})`}\n` +
        `--- block ---\n${script}--- output ---\n${text}`,
    );
  }

  /** Ends the shell and everything it started (its process group). */
  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.stdin!.end();
      const ended = await Promise.race([this.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
      if (!ended && this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
    }
    // Stragglers a block left in the group (a server started with setsid would not be here).
    try {
      if (this.child.pid) process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      // the group is gone
    }
  }
}
