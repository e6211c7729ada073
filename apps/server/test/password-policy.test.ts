import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../src/identity/password-policy.ts';

const anna = { email: 'anna.kowalska@example.com', name: 'Anna Kowalska' };

describe('new passwords (sign-up, reset, the first owner)', () => {
  it('refuses the passwords attackers try first, also with digits, symbols or look-alike letters around them', () => {
    for (const password of ['1234567890', 'qwertyuiop', 'P@ssw0rd2024', 'password2024!', 'iloveyou12345', 'Summer2024!!', 'abcdefghijkl', '1212121212', 'aaaaaaaaaaaa', 'dragondragon', 'sunshine sunshine', 'monkeybanana77', 'probestore2024']) {
      expect(passwordProblem(password, anna), password).toBe('common');
    }
  });

  it('refuses the e-mail, its name and the account holder’s name with too little else', () => {
    for (const password of ['anna.kowalska@example.com', 'anna.kowalska2024', 'AnnaKowalska!!', 'Kowalska!Anna#1987', 'kowalska.1987']) {
      expect(passwordProblem(password, anna), password).toBe('personal');
    }
  });

  it('takes phrases of ordinary words and random strings, the holder’s first name among other words too', () => {
    for (const password of ['violet tugboat harvests nine comets', 'correct horse battery staple', 'anna likes green kayaks at dawn', 'kayak-sunset-1999', 'zq7#Lm2!vR9p', 'Ścieżka rowerowa nad Wisłą', 'Manchester United 1']) {
      expect(passwordProblem(password, anna), password).toBeNull();
    }
  });

  it('checks the length first, and any password of the longest length in well under a few milliseconds', () => {
    expect(passwordProblem('password1')).toBe('short');
    expect(passwordProblem('x'.repeat(201))).toBe('long');
    passwordProblem('warm the list up first');
    for (const password of ['a'.repeat(200), 'abcdefghijklmnopqrstuvwxyz'.repeat(8).slice(0, 200), 'password'.repeat(25), 'violet tugboat '.repeat(14)]) {
      const started = performance.now();
      passwordProblem(password, anna);
      expect(performance.now() - started, password.slice(0, 20)).toBeLessThan(25);
    }
  });
});
