import { describe, expect, it } from 'vitest';
import { isPersonName } from './personName';

describe('isPersonName', () => {
  it.each([
    'Zoé',
    'Jean-Pierre',
    'D’Artagnan',
    "N'Diaye",
    'Anne Marie',
    'Łukasz',
    'Nguyễn',
    'Ørsted',
    'José María',
    'Ἀλέξανδρος',
    'Le\u0301a',
  ])('takes %s', (name) => expect(isPersonName(name)).toBe(true));

  it.each([
    [
      'a message with an amount and a link',
      'Remboursement Ameli 187,40 EUR en attente, confirmez votre RIB : https://x.fr',
    ],
    ['a colon', 'Zoé: urgent'],
    ['a slash', 'Zoé/Martin'],
    ['an at sign', 'zoe@example'],
    ['a digit run', 'Zoé 2024'],
    ['one digit', 'Zo3'],
    ['a dot', 'www.exemple.fr'],
    ['no letter', "-- ''"],
    ['nothing', ''],
    ['a line break', 'Zoé\nMartin'],
    ['an invisible bidirectional control', 'Zoé\u202eexe'],
  ])('refuses %s', (_what, name) => expect(isPersonName(name)).toBe(false));
});
