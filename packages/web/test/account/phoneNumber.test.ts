import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from '../../src/account/phoneNumber.ts';
import { returnPath } from '../../src/account/returnTo.ts';

describe('a phone number on the profile', () => {
  it('drops the trunk 0 after a country code, as the number is dialled from abroad', () => {
    expect(formatPhoneNumber('+44', '07700900123')).toBe('+44 7700900123');
    expect(formatPhoneNumber('+44', '07700 900123')).toBe('+44 7700 900123');
    expect(formatPhoneNumber('+353', '0871234567')).toBe('+353 871234567');
  });
  it("keeps Italy's leading 0, a number typed with its own +, and one without a country code", () => {
    expect(formatPhoneNumber('+39', '0612345678')).toBe('+39 0612345678');
    expect(formatPhoneNumber('+44', '+44 7700 900123')).toBe('+44 7700 900123');
    expect(formatPhoneNumber(null, '07700 900123')).toBe('07700 900123');
  });
});

describe('where signing in returns to', () => {
  it('the page that sent the visitor, when it is a path of this site', () => {
    expect(returnPath({ returnTo: '/search/abc/results/abc-1?show' })).toBe('/search/abc/results/abc-1?show');
  });
  it('Home otherwise: no state, another origin, or a protocol-relative address', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ returnTo: 'https://evil.example/' })).toBe('/');
    expect(returnPath({ returnTo: '//evil.example/' })).toBe('/');
    expect(returnPath({ returnTo: '/\\evil.example/' })).toBe('/');
    expect(returnPath({ returnTo: 42 })).toBe('/');
  });
});
