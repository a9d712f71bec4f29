import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './config.ts';

describe('api configuration', () => {
  const valid = {
    DATABASE_URL: 'postgres://boli@127.0.0.1:5432/boli',
    REDIS_URL: 'redis://127.0.0.1:6379',
  };

  it('fills every default from a minimal environment', () => {
    const config = loadApiConfig(valid);
    expect(config).toMatchObject({ PORT: 3000, EVENT_STORE: 'postgres', NODE_ENV: 'development' });
  });

  it('names every problem at once', () => {
    try {
      loadApiConfig({ PORT: 'eighty', EVENT_STORE: 'kurrentdb', NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'PORT']) expect(problems).toContain(name);
    }
  });

  it('refuses KurrentDB without its URL and the development secret in production', () => {
    const attempt = () =>
      loadApiConfig({ ...valid, EVENT_STORE: 'kurrentdb', NODE_ENV: 'production' });
    expect(attempt).toThrow(/KURRENTDB_URL[\s\S]*JWT_SECRET|JWT_SECRET[\s\S]*KURRENTDB_URL/);
  });
});
