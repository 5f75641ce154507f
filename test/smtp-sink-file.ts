import { afterAll, beforeEach } from 'bun:test';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

// Apart from smtp-sink.ts: the browser tests' config imports that one under Node, where bun:test does not exist.
/** A sink for the whole test file: started now, emptied before each test, closed after the last one. */
export async function fileSmtpSink(): Promise<SmtpSink> {
  const sink = await startSmtpSink();
  beforeEach(() => sink.reset());
  afterAll(() => sink.close());
  return sink;
}
