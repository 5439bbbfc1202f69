import { CreationUrls, ErrorCode, httpStatusOf, isServiceErrorBody, MonthlyAllowance, StorageKeys, defaultCaption } from '../src/index.js';

describe('contracts', () => {
  test('every error code maps to an HTTP status', () => {
    expect(Object.values(ErrorCode).map((code) => httpStatusOf[code])).toEqual([400, 401, 403, 404, 409, 422, 402, 429, 503]);
  });

  test('recognises a service error body and nothing else', () => {
    expect(isServiceErrorBody({ code: 'NOT_FOUND', message: 'Trend not found' })).toBe(true);
    expect(isServiceErrorBody({ code: 'NOPE', message: 'x' })).toBe(false);
    expect(isServiceErrorBody({ status: 'error', message: 'Internal server error' })).toBe(false);
    expect(isServiceErrorBody(null)).toBe(false);
  });

  test('storage keys follow <kind>/<userId>/<id>', () => {
    expect(StorageKeys.result('u1', 'g1')).toBe('results/u1/g1.png');
    expect(StorageKeys.thumbnail('u1', 'g1')).toBe('thumbnails/u1/g1.webp');
    expect(StorageKeys.original('u1', 'g1', 'jpg')).toBe('originals/u1/g1.jpg');
    expect(CreationUrls.image('g1')).toBe('/api/images/g1/file/result');
  });

  test('plan allowances and the default caption are the documented ones', () => {
    expect(MonthlyAllowance).toMatchObject({ free: 5, basic: 20, pro: 100, pro_unlimited: 1000 });
    expect(defaultCaption('Pixar')).toBe('Created in Pixar style with TrendForge');
  });
});
