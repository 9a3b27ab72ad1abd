import { activityExportFileName, csvField, csvRow, firmFileSlug } from '../../../lambdas/activity/activity-csv';

describe('activity CSV', () => {
  it('quotes a field only when RFC 4180 needs it, doubling quotes inside', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvRow(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it('keeps a cell from starting a formula in a spreadsheet', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=HYPERLINK("x"),y')).toBe(`"'=HYPERLINK(""x""),y"`);
    expect(csvField('a=1')).toBe('a=1');
  });

  it('names the file after the firm and the day, in ASCII', () => {
    expect(activityExportFileName('Acme Staffing, Inc.', 'firm-1', new Date('2026-11-27T23:59:00Z'))).toBe(
      'activity-acme-staffing-inc-2026-11-27.csv',
    );
    expect(firmFileSlug('Café Ünïon', 'x')).toBe('cafe-union');
    expect(firmFileSlug('株式会社', 'firm-1')).toBe('firm-1');
    expect(firmFileSlug('"; rm -rf', 'x')).toBe('rm-rf');
  });
});
