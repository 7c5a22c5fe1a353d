import { describe, expect, it } from 'vitest';
import {
  decodeLoopbackPort,
  loopbackUrl,
  parseHandoff,
  planHandoff,
  withoutHandoffParams,
} from './handoff';

describe('decodeLoopbackPort', () => {
  it('decodes hex ports from 1024 to 65535', () => {
    expect(decodeLoopbackPort('1f90')).toBe(8080);
    expect(decodeLoopbackPort('0x1F90')).toBe(8080);
    expect(decodeLoopbackPort('400')).toBe(1024);
    expect(decodeLoopbackPort('ffff')).toBe(65535);
  });

  it('refuses low, oversized and non-hex ports', () => {
    expect(decodeLoopbackPort('3ff')).toBeUndefined();
    expect(decodeLoopbackPort('50')).toBeUndefined();
    expect(decodeLoopbackPort('10000')).toBeUndefined();
    expect(decodeLoopbackPort('12g4')).toBeUndefined();
    expect(decodeLoopbackPort('1f90@evil.example')).toBeUndefined();
    expect(decodeLoopbackPort('')).toBeUndefined();
    expect(decodeLoopbackPort(undefined)).toBeUndefined();
  });
});

describe('parseHandoff and planHandoff', () => {
  it('reads the cookie value and keeps only known string fields', () => {
    expect(parseHandoff('{"code":"c","state":"s","port":5,"x":"y"}')).toEqual({
      code: 'c',
      state: 's',
    });
    expect(parseHandoff('{"code":"c"}')).toBeUndefined();
    expect(parseHandoff('not json')).toBeUndefined();
    expect(parseHandoff(undefined)).toBeUndefined();
  });

  it('plans a supplied code with its state and never with a verifier of the link', () => {
    const handoff = parseHandoff('{"code":"c","state":"s","code_verifier":"v"}');
    expect(handoff).toEqual({ code: 'c', state: 's' });
    expect(planHandoff(handoff ?? { state: '' })).toEqual({ kind: 'code', code: 'c', state: 's' });
  });

  it('asks the desktop app only with a desktop source or bridge_auth and a valid port', () => {
    expect(planHandoff({ state: 's', port: '1f90', from_source: 'desktop' })).toEqual({
      kind: 'loopback',
      port: 8080,
      state: 's',
    });
    expect(planHandoff({ state: 's', port: '1f90', bridge_auth: '1' })?.kind).toBe('loopback');
    expect(planHandoff({ state: 's', port: '1f90', from_source: 'extension' })).toBeUndefined();
    expect(planHandoff({ state: 's', port: '10', from_source: 'desktop' })).toBeUndefined();
  });

  it('builds the loopback URL and strips the hand-off parameters', () => {
    expect(loopbackUrl(8080)).toBe('http://127.0.0.1:8080/windows/client-auth-code');
    expect(
      withoutHandoffParams('https://n.example.com/s/a?port=1f90&state=s&from_source=desktop&x=1#h'),
    ).toBe('/s/a?x=1#h');
    expect(withoutHandoffParams('https://n.example.com/?code=c&state=s&code_verifier=v')).toBe('/');
  });
});
