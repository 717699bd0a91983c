// Starts the service exactly as `node --import tsx src/main.ts` does: this file only imports it.
// A separate entry gives the benchmark's service a command line of its own, so a developer who
// stops their own server by name (`pkill -f src/main.ts`) on a shared machine does not stop the
// benchmark's service in the middle of a run (seen: it exits 0 and answers 503 while draining).
import '../../src/main.ts';
