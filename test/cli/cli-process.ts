// The CLI as a seller runs it: a child process (this run's bundle of src/cli.ts, test/global-setup.ts),
// its exit code and both outputs.
import { execFile } from 'node:child_process';
import { cliArgs } from '../service-process.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, cliArgs(args), { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
