import { matchesEtag } from './downloads.http.controller.js';

const SHA = 'ab'.repeat(32);

describe('download ETags (If-None-Match)', () => {
  it('matches this file\'s tag, strong or weak, alone or in a list, and *', () => {
    expect(matchesEtag(`"${SHA}"`, SHA)).toBe(true);
    expect(matchesEtag(`W/"${SHA}"`, SHA)).toBe(true);
    expect(matchesEtag(`"other", "${SHA}"`, SHA)).toBe(true);
    expect(matchesEtag('*', SHA)).toBe(true);
  });

  it('does not match another file, an unquoted tag or no header', () => {
    expect(matchesEtag(`"${'cd'.repeat(32)}"`, SHA)).toBe(false);
    expect(matchesEtag(SHA, SHA)).toBe(false);
    expect(matchesEtag(undefined, SHA)).toBe(false);
    expect(matchesEtag('', SHA)).toBe(false);
  });
});
