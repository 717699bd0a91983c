// The registry is per process: test files sharing a worker each build an app naming their own
// processor mocks, and a later app's adapters must be the ones used, while a test's fake stays.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeProcessor } from './fake-processor.test-support.ts';
import { processorNamed, registerProcessor, unregisterProcessor } from './registry.ts';
import { registerServiceProcessors } from './service-processors.ts';

const settings = (port: number) => ({ processorAApiUrl: `http://127.0.0.1:${port}/checkout/v71`, processorBApiUrl: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });

afterEach(() => {
  for (const name of ['processor_a', 'processor_b', 'pix_api'] as const) unregisterProcessor(name);
});

describe('the processors registry', () => {
  it("a later app's settings replace the adapters an earlier app built", () => {
    registerServiceProcessors(settings(4001));
    const first = processorNamed('processor_b');
    registerServiceProcessors(settings(4002));
    const second = processorNamed('processor_b');
    expect(first).not.toBeNull();
    expect(second).not.toBe(first);
    expect(processorNamed('processor_a')).not.toBeNull();
  });

  it("keeps a test's fake registered under the name, however many apps are built", () => {
    const fake = fakeProcessor('processor_b');
    registerProcessor(fake);
    registerServiceProcessors(settings(4003));
    registerServiceProcessors(settings(4004));
    expect(processorNamed('processor_b')).toBe(fake);
    unregisterProcessor('processor_b');
    registerServiceProcessors(settings(4005));
    expect(processorNamed('processor_b')).not.toBe(fake);
  });
});
