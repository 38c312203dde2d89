import { describe, expect, it } from 'vitest';
import { phonesNotIn, textWithPhones } from './phoneLinks';

describe('textWithPhones', () => {
  it('cuts a text around the phone numbers it declares', () => {
    expect(textWithPhones('Appelez le 3114, ou le 15 ou le 112.', ['3114', '15', '112'])).toEqual([
      { text: 'Appelez le ' },
      { text: '3114', phone: '3114' },
      { text: ', ou le ' },
      { text: '15', phone: '15' },
      { text: ' ou le ' },
      { text: '112', phone: '112' },
      { text: '.' },
    ]);
  });

  it('finds a number written with a space, dials it without', () => {
    expect(textWithPhones('le 116\u00a0006 aide', ['116 006'])).toEqual([
      { text: 'le ' },
      { text: '116\u00a0006', phone: '116006' },
      { text: ' aide' },
    ]);
  });

  it('takes a number only as a whole, and only a declared one', () => {
    expect(textWithPhones('En 2017, 17 000 personnes, 24h/24 et 7j/7 ; le 17.', ['17'])).toEqual([
      { text: 'En 2017, 17 000 personnes, 24h/24 et 7j/7 ; le ' },
      { text: '17', phone: '17' },
      { text: '.' },
    ]);
    expect(textWithPhones('À partir de 15 ans.', [])).toEqual([{ text: 'À partir de 15 ans.' }]);
  });

  it('lists the declared numbers a text does not hold', () => {
    expect(phonesNotIn('Appelez le 3114.', ['3114', '3919'])).toEqual(['3919']);
    expect(phonesNotIn('En 2017.', ['17'])).toEqual(['17']);
    expect(phonesNotIn('Rien.', undefined)).toEqual([]);
  });
});
