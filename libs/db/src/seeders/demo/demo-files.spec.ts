import { inflateSync } from 'node:zlib';
import { servedContentType } from '../../files/file-types';
import { demoBanner } from './demo-files';

describe('demo group banner', () => {
  it('is a PNG the file rules serve as an image, of the size it says, with the gradient it was given', () => {
    const png = demoBanner('#000000', '#ffffff', 4, 2);
    expect(servedContentType(png, 'banner.png', 'image')).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(4); // IHDR width
    expect(png.readUInt32BE(20)).toBe(2); // IHDR height
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    // Two rows of a filter byte and four RGB pixels, black to white.
    expect([...rows.subarray(0, 13)]).toEqual([0, 0, 0, 0, 85, 85, 85, 170, 170, 170, 255, 255, 255]);
    expect(rows.length).toBe(26);
  });
});
