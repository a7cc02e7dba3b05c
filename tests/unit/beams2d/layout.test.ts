import { describe, expect, it } from 'vitest';
import { imageToVector, vectorToImage } from '../../../tools/engineering/beams2d/layout.ts';

describe('image ↔ column-major vector', () => {
  it('maps image[ely][elx] to x[elx·nely + ely] and back', () => {
    const nelx = 4;
    const nely = 3;
    const image = Float64Array.from({ length: 12 }, (_, i) => i); // value = ely·nelx + elx
    const x = imageToVector(image, nelx, nely);
    for (let elx = 0; elx < nelx; elx++) for (let ely = 0; ely < nely; ely++) expect(x[elx * nely + ely]).toBe(ely * nelx + elx);
    expect([...vectorToImage(x, nelx, nely)]).toEqual([...image]);
  });
});
