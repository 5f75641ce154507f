import { describe, expect, test } from 'bun:test';
import {
  can,
  inferRoleFromEmail,
  normalizeRole,
  PERMISSIONS,
  postLoginPath,
  requiredPrivilege,
  reachOf,
  rolesReaching,
  ROLE_PERMISSIONS,
} from './permissions';

const sorted = (xs: readonly string[]): string[] => [...xs].sort();

describe('permissions table (spec section 6)', () => {
  test('admin has every permission', () => {
    for (const p of PERMISSIONS) expect(can('admin', p)).toBe(true);
  });

  test('company: own portal, users, orders, analytics, reports, tracking, confirming hand-overs; no companies, sync, OCR or cash', () => {
    expect(sorted(Object.keys(ROLE_PERMISSIONS.company))).toEqual(
      sorted(['access-company-portal', 'confirm-cash', 'generate-reports', 'manage-orders', 'manage-users', 'track-location', 'view-analytics']),
    );
    for (const p of ['access-admin-portal', 'access-rider-portal', 'manage-companies', 'sync-data', 'ocr', 'manage-cash'] as const) {
      expect(can('company', p)).toBe(false);
    }
  });

  test('rider: own portal, OCR, tracking and cash only', () => {
    expect(sorted(Object.keys(ROLE_PERMISSIONS.rider))).toEqual(['access-rider-portal', 'manage-cash', 'ocr', 'track-location']);
    expect(can('rider', 'manage-orders')).toBe(false);
    expect(can('rider', 'access-company-portal')).toBe(false);
  });

  test('an unknown role falls back to rider; signed out (null/undefined) is allowed nothing', () => {
    expect(normalizeRole('superuser')).toBe('rider');
    expect(normalizeRole('')).toBe('rider');
    expect(normalizeRole('company')).toBe('company');
    expect(normalizeRole(null)).toBeNull();
    expect(normalizeRole(undefined)).toBeNull();
    expect(can('superuser', 'ocr')).toBe(true);
    expect(can('superuser', 'access-admin-portal')).toBe(false);
    for (const p of PERMISSIONS) {
      expect(can(null, p)).toBe(false);
      expect(can(undefined, p)).toBe(false);
    }
  });

  test('required privilege for the denied message', () => {
    expect(requiredPrivilege('access-admin-portal')).toBe('admin');
    expect(requiredPrivilege('manage-companies')).toBe('admin');
    expect(requiredPrivilege('view-analytics')).toBe('company or admin');
    expect(requiredPrivilege('confirm-cash')).toBe('company or admin');
    expect(can('rider', 'confirm-cash')).toBe(false);
  });
});

describe('reach: own company, own rider, any (can with a target)', () => {
  const manager = { role: 'company', companyId: 'c1', riderId: null };
  const rider = { role: 'rider', companyId: 'c1', riderId: 'r1' };
  const admin = { role: 'admin', companyId: null, riderId: null };

  test('each role reaches as far as the table says', () => {
    expect(reachOf('admin', 'manage-orders')).toBe('any');
    expect(reachOf('company', 'manage-orders')).toBe('own-company');
    expect(reachOf('rider', 'manage-cash')).toBe('own-rider');
    expect(reachOf('rider', 'manage-orders')).toBeNull();
    expect(reachOf(null, 'ocr')).toBeNull();
  });

  test("a manager may act on its own company's records only", () => {
    expect(can(manager, 'manage-orders', { companyId: 'c1' })).toBe(true);
    expect(can(manager, 'manage-orders', { companyId: 'c2' })).toBe(false);
    expect(can(manager, 'manage-orders', {})).toBe(false);
    expect(can({ role: 'company', companyId: null }, 'manage-orders', { companyId: null })).toBe(false);
  });

  test("a rider may act on its own rider record only, even within its company", () => {
    expect(can(rider, 'manage-cash', { riderId: 'r1', companyId: 'c1' })).toBe(true);
    expect(can(rider, 'manage-cash', { riderId: 'r2', companyId: 'c1' })).toBe(false);
    expect(can(rider, 'manage-orders', { companyId: 'c1' })).toBe(false);
  });

  test('an admin reaches any record; without a target, can asks only whether the role holds the permission', () => {
    expect(can(admin, 'confirm-cash', { companyId: 'c2', riderId: 'r9' })).toBe(true);
    expect(can(manager, 'confirm-cash')).toBe(true);
    expect(can('company', 'confirm-cash')).toBe(true);
    expect(rolesReaching('access-company-portal', 'own-company')).toEqual(['company']);
  });
});

describe('postLoginPath', () => {
  test('each role goes home by default', () => {
    expect(postLoginPath('admin')).toBe('/admin');
    expect(postLoginPath('company')).toBe('/company');
    expect(postLoginPath('rider')).toBe('/rider');
    expect(postLoginPath(null)).toBe('/');
  });

  test('the redirect is honoured only for the user’s own portal', () => {
    expect(postLoginPath('rider', '/app')).toBe('/app');
    expect(postLoginPath('rider', '/rider')).toBe('/rider');
    expect(postLoginPath('rider', '/admin')).toBe('/rider');
    expect(postLoginPath('company', '/rider')).toBe('/company');
    expect(postLoginPath('company', '/company')).toBe('/company');
    expect(postLoginPath('admin', '/company')).toBe('/admin');
    expect(postLoginPath('admin', 'https://evil.example/admin')).toBe('/admin');
    expect(postLoginPath('rider', '//evil.example')).toBe('/rider');
  });
});

describe('inferRoleFromEmail (spec section 5)', () => {
  test.each([
    ['admin@kwtdelivery.com', 'admin'],
    ['  ADMIN@KWTDelivery.com ', 'admin'],
    ['manager@fastdelivery.com', 'company'],
    ['manager@emiratesdelivery.ae', 'company'],
    ['x@company.com', 'company'],
    ['rider@example.com', 'rider'],
    ['rider.uae@example.com', 'rider'],
    ['other@kwtdelivery.com', 'company'],
  ] as const)('%s → %s', (email, role) => {
    expect(inferRoleFromEmail(email)).toBe(role);
  });
});
