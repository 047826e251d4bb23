import { afterEach, describe, expect, it } from 'vitest';
import { appOrigins, comesFromApp } from './app-origin';

const saved = { APP_URL: process.env.APP_URL, APP_ORIGINS: process.env.APP_ORIGINS };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('the app’s origins (HTTP state changes and the WebSocket handshake alike)', () => {
  it('are APP_URL’s origin alone when APP_ORIGINS is unset (AWS)', () => {
    process.env.APP_URL = 'https://app.example.com';
    delete process.env.APP_ORIGINS;
    expect([...appOrigins()]).toEqual(['https://app.example.com']);
    expect(comesFromApp({ origin: 'https://app.example.com' })).toBe(true);
    expect(comesFromApp({ origin: 'https://app.example.com.evil.example' })).toBe(false);
  });

  it('are every name of APP_ORIGINS (the local stack: loopback names, HOST, the machine’s addresses)', () => {
    process.env.APP_URL = 'http://localhost:3000';
    process.env.APP_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000,http://[::1]:3000,http://192.168.1.20:3000';
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://192.168.1.20:3000'])
      expect(comesFromApp({ origin }), origin).toBe(true);
    for (const origin of ['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://evil.example', 'null'])
      expect(comesFromApp({ origin }), origin).toBe(false);
  });

  it('trusts the browser’s Sec-Fetch-Site first, and says nothing when the browser said nothing', () => {
    process.env.APP_URL = 'http://localhost:3000';
    delete process.env.APP_ORIGINS;
    expect(comesFromApp({ 'sec-fetch-site': 'same-origin', origin: 'http://elsewhere.example' })).toBe(true);
    expect(comesFromApp({ 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' })).toBe(false);
    expect(comesFromApp({})).toBeUndefined();
  });
});
