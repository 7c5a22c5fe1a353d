import { describe, expect, it } from 'vitest';
import { maskAddress, maskEmail, maskPhone, memberOf, toProfile } from './user.dto';

describe('masking', () => {
  it.each([
    ['alice@example.com', 'a***e@example.com'],
    ['al@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['名前太郎@例え.jp', '名***郎@例え.jp'],
    ['no-at-sign', ''],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each([
    ['', ''],
    ['123', '***'],
    ['+8613812345678', '+86*********78'],
  ])('masks phone %j as %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe('profile', () => {
  const user = {
    id: 'u1',
    email: 'alice@example.com',
    name: 'Alice',
    password_hash: '$argon2id$...',
    status: 'active' as const,
    frozen_until: null,
    locale: 'en-US',
    picture: '',
    phone_number: '',
    picture_sha256: null,
    picture_type: null,
    deletion_requested_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };

  it('never carries the password hash or the full address', () => {
    const profile = toProfile(memberOf(user));
    expect(profile).toEqual({
      sub: 'u1',
      name: 'Alice',
      email: 'a***e@example.com',
      phone_number: '',
      picture: '',
      password: 'SET',
      status: 'active',
      created_at: '2025-01-01T00:00:00.000Z',
    });
    expect(toProfile(memberOf({ ...user, password_hash: null })).password).toBe('');
  });
});

describe('maskAddress', () => {
  it('keeps the network and hides the host', () => {
    expect(maskAddress('203.0.113.7')).toBe('203.0.113.*');
    expect(maskAddress('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:*');
    expect(maskAddress('not an address')).toBe('');
  });
});
