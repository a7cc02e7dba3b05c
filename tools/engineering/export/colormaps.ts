/**
 * Colormaps as piecewise-linear interpolation (in sRGB) between published anchor colours:
 *   viridis, magma, inferno  matplotlib's maps sampled at t = 0, 0.1, …, 1 (van der Walt & Smith)
 *   coolwarm                 Moreland's diverging map, his 33-entry table (t = 0, 1/32, …, 1)
 *   greys                    ColorBrewer "Greys" (9 classes): white at 0, black at 1, as matplotlib's Greys
 * t outside [0, 1] is clamped.
 */
export type ColormapName = 'coolwarm' | 'viridis' | 'magma' | 'greys' | 'inferno';
export type Rgb = [number, number, number];

const hex = (s: string): Rgb => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];

const ANCHORS: Record<ColormapName, Rgb[]> = {
  viridis: ['#440154', '#482475', '#414487', '#355f8d', '#2a788e', '#21918c', '#22a884', '#44bf70', '#7ad151', '#bddf26', '#fde725'].map(hex),
  magma: ['#000004', '#140e36', '#3b0f70', '#641a80', '#8c2981', '#b73779', '#de4968', '#f7705c', '#fe9f6d', '#fecf92', '#fcfdbf'].map(hex),
  inferno: ['#000004', '#160b39', '#420a68', '#6a176e', '#932667', '#bc3754', '#dd513a', '#f37819', '#fca50a', '#f6d746', '#fcffa4'].map(hex),
  greys: ['#ffffff', '#f0f0f0', '#d9d9d9', '#bdbdbd', '#969696', '#737373', '#525252', '#252525', '#000000'].map(hex),
  coolwarm: [
    [59, 76, 192], [68, 90, 204], [77, 104, 215], [87, 117, 225], [98, 130, 234], [108, 142, 241], [119, 154, 247], [130, 165, 251],
    [141, 176, 254], [152, 185, 255], [163, 194, 255], [174, 201, 253], [184, 208, 249], [194, 213, 244], [204, 217, 238], [213, 219, 230],
    [221, 221, 221], [229, 216, 209], [236, 211, 197], [241, 204, 185], [245, 196, 173], [247, 187, 160], [247, 177, 148], [247, 166, 135],
    [244, 154, 123], [241, 141, 111], [236, 127, 99], [229, 112, 88], [222, 96, 77], [213, 80, 66], [203, 62, 56], [192, 40, 47], [180, 4, 38],
  ],
};

export const COLORMAPS = Object.keys(ANCHORS) as ColormapName[];

/** Colour at t ∈ [0, 1] (clamped), rounded to 8-bit channels. */
export function colorAt(name: ColormapName, t: number): Rgb {
  const a = Object.hasOwn(ANCHORS, name) ? ANCHORS[name] : undefined;
  if (!a) throw new Error(`unknown colormap ${name}`);
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (a.length - 1);
  const i = Math.min(a.length - 2, Math.floor(x));
  const f = x - i;
  return [0, 1, 2].map((k) => Math.round(a[i][k] + (a[i + 1][k] - a[i][k]) * f)) as Rgb;
}

/** 256-entry lookup table, RGB triplets. */
export function lut(name: ColormapName): Uint8Array {
  const out = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) out.set(colorAt(name, i / 255), 3 * i);
  return out;
}

export const cssColor = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;
