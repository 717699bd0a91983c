// `usage import <file>`: usage events from NDJSON (one event object per line) or CSV (a header of
// the event's field names) sent as batches of up to 1,000, several in flight. Each batch is all
// or nothing; its Idempotency-Key is made from the file, the batch's place and its content, so a
// batch sent twice is recorded once. The acknowledged prefix of batches is written to a progress
// file: run the command again and it resumes after the last batch acknowledged in order.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { type BillingClient, type RequestBody, BillingError } from '../../packages/sdk/src/index.ts';

type UsageEvent = RequestBody<'/metering/events/batch', 'post'>['events'][number];

export interface ImportOptions {
  file: string;
  client: BillingClient;
  /** Default: by the file's extension (.csv is CSV, anything else NDJSON). */
  format?: 'csv' | 'ndjson';
  batchSize?: number;
  concurrency?: number;
  /** Default `<file>.import-progress.json`. */
  progressFile?: string;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  /** Events acknowledged by the service (this run and, when resumed, earlier ones). */
  events: number;
  eventsPerSecond: number;
  /** Share of the file's bytes read, 0 to 1. */
  fraction: number;
  etaSeconds: number | null;
}

export interface ImportSummary {
  events: number;
  accepted: number;
  duplicates: number;
  batches: number;
  /** Batches skipped because an earlier run had them acknowledged. */
  resumedBatches: number;
  seconds: number;
  eventsPerSecond: number;
}

interface Progress {
  file: string;
  batchSize: number;
  acknowledgedBatches: number;
  acknowledgedEvents: number;
}

interface Batch {
  index: number;
  events: UsageEvent[];
  /** The file line of each event, for error messages. */
  lines: number[];
}

export class ImportError extends Error {}

export async function importUsage(options: ImportOptions): Promise<ImportSummary> {
  const file = resolve(options.file);
  const batchSize = Math.min(1000, Math.max(1, options.batchSize ?? 1000));
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const progressFile = options.progressFile ?? `${file}.import-progress.json`;
  const format = options.format ?? (file.toLowerCase().endsWith('.csv') ? 'csv' : 'ndjson');
  const size = await stat(file).then(
    (found) => found.size,
    (error: NodeJS.ErrnoException) => {
      throw new ImportError(`${options.file}: ${error.code === 'ENOENT' ? 'no such file' : `cannot be read (${error.code ?? error.message})`}.`);
    },
  );
  const saved = await readProgress(progressFile, file, batchSize);
  const fileKey = createHash('sha256').update(file).digest('hex').slice(0, 16);

  const started = performance.now();
  let bytesRead = 0;
  let acknowledged = saved.acknowledgedBatches;
  let acknowledgedEvents = saved.acknowledgedEvents;
  let sentEvents = 0;
  let accepted = 0;
  let duplicates = 0;
  let batches = 0;
  const done = new Map<number, number>(); // batch index -> event count, acknowledged out of order
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  let writing = Promise.resolve();

  const report = () => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? sentEvents / seconds : 0;
    const fraction = size > 0 ? Math.min(1, bytesRead / size) : 1;
    const etaSeconds = fraction > 0 && fraction < 1 ? (seconds / fraction) * (1 - fraction) : fraction >= 1 ? 0 : null;
    options.onProgress?.({ events: acknowledgedEvents, eventsPerSecond: rate, fraction, etaSeconds });
  };

  const send = async (batch: Batch) => {
    const digest = createHash('sha256').update(JSON.stringify(batch.events)).digest('hex').slice(0, 16);
    try {
      const call = options.client.raw.POST('/metering/events/batch', {
        body: { events: batch.events },
        headers: { 'idempotency-key': `usage-import:${fileKey}:${batch.index}:${digest}` },
      });
      const result = await options.client.unwrap(call);
      // A batch sent before (a second import of the file) is answered with its first answer,
      // marked as a replay: every event of it was recorded then, so each is a duplicate now.
      if ((await call).response.headers.get('idempotent-replayed') === 'true') {
        duplicates += batch.events.length;
      } else {
        accepted += result.accepted;
        duplicates += result.duplicates;
      }
      sentEvents += batch.events.length;
      batches += 1;
      done.set(batch.index, batch.events.length);
      // The progress file holds the prefix of batches acknowledged in order.
      let advanced = false;
      while (done.has(acknowledged)) {
        acknowledgedEvents += done.get(acknowledged)!;
        done.delete(acknowledged);
        acknowledged += 1;
        advanced = true;
      }
      if (advanced) {
        const snapshot: Progress = { file, batchSize, acknowledgedBatches: acknowledged, acknowledgedEvents };
        writing = writing.then(() => writeFile(progressFile, JSON.stringify(snapshot)));
      }
      report();
    } catch (error) {
      failure ??= describeFailure(error, batch);
    }
  };

  let index = 0;
  let current: Batch = { index, events: [], lines: [] };
  for await (const { event, line, bytes } of readEvents(file, format)) {
    bytesRead = bytes;
    if (failure) break;
    current.events.push(event);
    current.lines.push(line);
    if (current.events.length < batchSize) continue;
    await launch(current);
    index += 1;
    current = { index, events: [], lines: [] };
  }
  if (!failure && current.events.length > 0) await launch(current);
  await Promise.all(inFlight);
  await writing;
  if (failure) throw failure;
  await rm(progressFile, { force: true });
  bytesRead = size;
  report();
  const seconds = (performance.now() - started) / 1000;
  return {
    events: sentEvents,
    accepted,
    duplicates,
    batches,
    resumedBatches: saved.acknowledgedBatches,
    seconds,
    eventsPerSecond: seconds > 0 ? sentEvents / seconds : 0,
  };

  async function launch(batch: Batch): Promise<void> {
    if (batch.index < saved.acknowledgedBatches) return; // acknowledged by an earlier run
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    // A batch refused while this one waited: nothing after it is sent (the run stops there).
    if (failure) return;
    const task: Promise<void> = send(batch).finally(() => inFlight.delete(task));
    inFlight.add(task);
  }
}

async function readProgress(progressFile: string, file: string, batchSize: number): Promise<Progress> {
  const fresh = { file, batchSize, acknowledgedBatches: 0, acknowledgedEvents: 0 };
  const text = await readFile(progressFile, 'utf8').catch(() => null);
  if (text === null) return fresh;
  const saved = JSON.parse(text) as Progress;
  if (saved.file !== file || saved.batchSize !== batchSize) {
    throw new ImportError(`${progressFile} belongs to another import (${saved.file}, batches of ${saved.batchSize}): delete it to start over.`);
  }
  return saved;
}

/** A refused batch names the file line of the event at fault. */
function describeFailure(error: unknown, batch: Batch): unknown {
  if (!(error instanceof BillingError) || !error.errors?.length) return error;
  const lines = error.errors.map((e) => {
    const match = /^events\[(\d+)\](.*)$/.exec(e.field);
    const line = match ? batch.lines[Number(match[1])] : undefined;
    return line === undefined ? `${e.field}: ${e.description}` : `line ${line}${match![2] ? ` (${match![2].replace(/^\./, '')})` : ''}: ${e.description}`;
  });
  return new BillingError({
    status: error.status,
    error_code: error.error_code,
    message: `Batch ${batch.index + 1} was refused, nothing of it recorded; the batches before it are acknowledged (run again to resume):\n  ${lines.join('\n  ')}`,
    tracer_id: error.tracer_id,
    errors: error.errors,
    body: error.body,
  });
}

async function* readEvents(file: string, format: 'csv' | 'ndjson'): AsyncGenerator<{ event: UsageEvent; line: number; bytes: number }> {
  const stream = createReadStream(file);
  if (format === 'ndjson') {
    let line = 0;
    for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
      line += 1;
      if (text.trim() === '') continue;
      let event: UsageEvent;
      try {
        event = JSON.parse(text) as UsageEvent;
      } catch {
        throw new ImportError(`line ${line}: not a JSON object`);
      }
      yield { event, line, bytes: stream.bytesRead };
    }
    return;
  }
  const parser = stream.pipe(parse({ columns: true, skip_empty_lines: true, trim: true, info: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    const event: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(record)) {
      if (value === '') continue;
      if (column === 'metadata') {
        try {
          event.metadata = JSON.parse(value);
        } catch {
          throw new ImportError(`line ${info.lines}: metadata is not JSON`);
        }
      } else {
        event[column] = value;
      }
    }
    yield { event: event as UsageEvent, line: info.lines, bytes: stream.bytesRead };
  }
}
