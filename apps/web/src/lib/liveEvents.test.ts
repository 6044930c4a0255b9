import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './liveEvents';

describe('readServerSentEvents', () => {
  it('returns the data of whole events and keeps an unfinished one for the next chunk', () => {
    const first = readServerSentEvents('retry: 5000\n\n: heartbeat\n\ndata: {"a":1}\n\ndata: {"a"');
    expect(first.payloads).toEqual(['{"a":1}']);
    const second = readServerSentEvents(`${first.rest}:2}\n\n`);
    expect(second.payloads).toEqual(['{"a":2}']);
    expect(second.rest).toBe('');
  });

  it('reads events split by CRLF', () => {
    expect(readServerSentEvents('data: x\r\n\r\n').payloads).toEqual(['x']);
  });
});
