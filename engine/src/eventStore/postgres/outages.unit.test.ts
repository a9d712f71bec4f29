import { describe, expect, it } from 'vitest';
import { recordedLog } from '../../shared/testing/recordedLog.ts';
import { isPostgresUnreachable, postgresOutageLog } from './outages.ts';

const withCode = (message: string, code: string, more: object = {}) =>
  Object.assign(new Error(message), { code, ...more });

describe('isPostgresUnreachable', () => {
  it('knows a refused or lost connection, a vanished socket, a shutdown and a start-up', () => {
    expect(isPostgresUnreachable(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(true);
    expect(isPostgresUnreachable(withCode('BEGIN; - read ECONNRESET', 'ECONNRESET'))).toBe(true);
    const socketGone = withCode('connect ENOENT /run/pg/.s.PGSQL.5432', 'ENOENT', {
      syscall: 'connect',
    });
    expect(isPostgresUnreachable(socketGone)).toBe(true);
    const shutdown = 'terminating connection due to administrator command';
    expect(isPostgresUnreachable(withCode(shutdown, '57P01'))).toBe(true);
    expect(isPostgresUnreachable(withCode('the database system is starting up', '57P03'))).toBe(
      true,
    );
    expect(isPostgresUnreachable(withCode('connection failure', '08006'))).toBe(true);
    expect(isPostgresUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves PostgreSQL refusing a statement to be an error', () => {
    const duplicate = withCode('duplicate key value violates unique constraint', '23505');
    expect(isPostgresUnreachable(duplicate)).toBe(false);
    expect(isPostgresUnreachable(withCode('relation "x" does not exist', '42P01'))).toBe(false);
    expect(isPostgresUnreachable(withCode('no such file', 'ENOENT', { syscall: 'open' }))).toBe(
      false,
    );
    expect(isPostgresUnreachable('ECONNREFUSED')).toBe(false);
  });
});

describe('postgresOutageLog', () => {
  it("tells an outage once, knex's own lines and the pollers' failures alike, and its end", () => {
    const { lines, logger } = recordedLog();
    const outages = postgresOutageLog(logger, 'projections');
    for (let attempt = 0; attempt < 20; attempt++) {
      outages.knexLog.warn('Acquire connection error: Error: connect ECONNREFUSED 127.0.0.1:5432');
      outages.knexLog.warn('Connection Error: Error: Connection terminated unexpectedly');
      outages.failed(withCode('connect ECONNREFUSED', 'ECONNREFUSED'), {}, 'batch failed');
    }
    outages.reachable();
    outages.reachable();
    expect(lines).toEqual([
      ['warn', 'postgresql unreachable; retrying until it is back'],
      ['info', 'postgresql reachable again'],
    ]);
  });

  it('logs every other failure, and what else knex says, each time', () => {
    const { lines, logger } = recordedLog();
    const outages = postgresOutageLog(logger, 'api');
    outages.failed(withCode('deadlock detected', '40P01'), {}, 'batch failed');
    outages.failed(withCode('deadlock detected', '40P01'), {}, 'batch failed');
    outages.knexLog.warn('Transaction was implicitly committed');
    outages.knexLog.error('Unexpected knex state');
    expect(lines).toEqual([
      ['error', 'batch failed'],
      ['error', 'batch failed'],
      ['warn', 'Transaction was implicitly committed'],
      ['error', 'Unexpected knex state'],
    ]);
  });
});
