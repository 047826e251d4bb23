import { describe, expect, it } from 'vitest';
import { MSG as API_MSG } from './texts';
import { MSG, PAGE_TEXTS } from './web-texts';

describe('the web’s texts', () => {
  it('add the pages’ own texts to every text of the API, none of them written twice', () => {
    expect(Object.keys(PAGE_TEXTS).filter((key) => key in API_MSG)).toEqual([]);
    expect(Object.keys(MSG).sort()).toEqual([...Object.keys(API_MSG), ...Object.keys(PAGE_TEXTS)].sort());
  });
});
