import { describe, expect, it } from 'vitest';
import { AD_HISTORY_ROLES, AUDIT_ROLES, SUPPORT_ROLES, holdsRole } from './staffRoles.ts';

describe('staff roles', () => {
  it('let support settle disputes and block, auditors audit and read histories, admins all', () => {
    const may = (roles: string[]) => ({
      history: holdsRole(roles, AD_HISTORY_ROLES),
      support: holdsRole(roles, SUPPORT_ROLES),
      audit: holdsRole(roles, AUDIT_ROLES),
    });
    expect(may(['member'])).toEqual({ history: false, support: false, audit: false });
    expect(may(['member', 'support'])).toEqual({ history: true, support: true, audit: false });
    expect(may(['member', 'auditor'])).toEqual({ history: true, support: false, audit: true });
    expect(may(['admin'])).toEqual({ history: true, support: true, audit: true });
    expect(holdsRole(undefined, AUDIT_ROLES)).toBe(false);
  });
});
