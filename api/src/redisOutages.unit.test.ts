import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { recordedLog } from '@boli/engine/shared/testing/recordedLog';
import { isRedisUnreachable, redisOutageLog } from './redisOutages.ts';

const withCode = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('isRedisUnreachable', () => {
  it('knows a refused or lost connection and ioredis giving up', () => {
    expect(isRedisUnreachable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isRedisUnreachable(withCode('ECONNRESET'))).toBe(true);
    expect(isRedisUnreachable(new Error('Connection is closed.'))).toBe(true);
    const gaveUp = new Error('Reached the max retries per request limit (which is 2).');
    gaveUp.name = 'MaxRetriesPerRequestError';
    expect(isRedisUnreachable(gaveUp)).toBe(true);
  });

  it('leaves Redis refusing a command to be an error', () => {
    expect(isRedisUnreachable(new Error('WRONGTYPE Operation against a key'))).toBe(false);
    expect(isRedisUnreachable(withCode('ERR'))).toBe(false);
    expect(isRedisUnreachable('ECONNREFUSED')).toBe(false);
  });
});

describe('redisOutageLog', () => {
  it('tells an outage once, however many connections and queues report it, and its end', () => {
    const { lines, logger } = recordedLog();
    const outages = redisOutageLog(logger, 'jobs');
    const connection = outages.connection(new EventEmitter());
    const queue = outages.errors(new EventEmitter());
    for (let attempt = 0; attempt < 50; attempt++) {
      connection.emit('error', withCode('ECONNREFUSED'));
      queue.emit('error', withCode('ECONNREFUSED'));
    }
    connection.emit('ready');
    connection.emit('ready');
    connection.emit('error', withCode('ECONNRESET'));
    expect(lines).toEqual([
      ['warn', 'redis unreachable; retrying until it is back'],
      ['info', 'redis reachable again'],
      ['warn', 'redis unreachable; retrying until it is back'],
    ]);
  });

  it('logs every error that is not an outage', () => {
    const { lines, logger } = recordedLog();
    const queue = redisOutageLog(logger, 'jobs').errors(new EventEmitter());
    queue.emit('error', new Error('ERR unknown command'));
    queue.emit('error', new Error('ERR unknown command'));
    expect(lines).toEqual([
      ['error', 'redis error'],
      ['error', 'redis error'],
    ]);
  });
});
