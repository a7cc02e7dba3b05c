/// <reference lib="dom" />
/**
 * The web UI's three.js viewer shows a Beams3D part (Debian Chromium, a server started here, the
 * offline model): the chat optimizes a Beams3D design and exports its surface STL; the viewer draws
 * it with the triangle count and the size of the file the server wrote (8 × 6 × 6 voxels of 3 mm:
 * 24 × 18 × 18 mm), and the render shows the isosurface picture. Screenshot in test-artifacts/web/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumOnServer } from '../support/chromiumOnServer.ts';
import { drawnPixels } from './browser.ts';
import { parseBinaryStl } from '../support/parseBinaryStl.ts';

const DESIGN = 'Optimize a beams3d design with volfrac 0.3, rmin 1.5, forcedist_x 0.5, forcedist_y 0.5, nelx 8, nely 6, nelz 6 and max_iter 50, render it and export an STL with scale_xy 3';

const ui = chromiumOnServer('engiai-e2e-b3-');

describe('the STL viewer on a Beams3D part', () => {
  it('draws the 3-D surface STL with its triangle count and size', async () => {
    const { page } = ui.b;
    await page.goto(ui.server.url);
    await page.waitForSelector('.message-input');
    await page.fill('.message-input', DESIGN);
    await page.click('button.send');
    await page.waitForSelector('.tool-card[data-tool="convert_design_to_stl"][data-state="ok"]', { timeout: 120_000 });
    await page.waitForSelector('.working', { state: 'detached', timeout: 120_000 });
    const images = await page.$$eval('.tool-card img', (imgs) => imgs.map((i) => ({ src: i.getAttribute('src'), w: (i as HTMLImageElement).naturalWidth })));
    expect(images.map((i) => i.src?.split('/').pop())).toContain('render.png');
    for (const img of images) expect(img.w).toBeGreaterThan(100);

    await page.click('.tool-card button.open-stl');
    await page.waitForSelector('.stl-canvas[data-ready="1"] canvas', { timeout: 90_000 });
    await page.waitForTimeout(300);
    expect(await drawnPixels(page, '.stl-canvas canvas')).toBeGreaterThan(2000);
    const info = (await page.textContent('.stl-info')) ?? '';
    const triangles = Number(/(\d+) triangles/.exec(info)?.[1]);
    const size = /· ([\d.]+) × ([\d.]+) × ([\d.]+) mm/.exec(info)!.slice(1).map(Number);
    await ui.b.shot('b3-stl-viewer');

    // the file the viewer loaded is the one the server wrote: same triangles, a 3-D part (not an extrusion) 24 × 18 × 18 mm at most
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.stl-dialog a.download-stl')]);
    const stl = parseBinaryStl(new Uint8Array(readFileSync((await download.path())!)));
    expect(stl.triangles).toBe(triangles);
    expect(size[0]).toBeLessThanOrEqual(24.001);
    expect(size[1]).toBeLessThanOrEqual(18.001);
    expect(size[2]).toBeCloseTo(18, 1); // from the clamped bottom corners to the loaded top face
    await page.click('.stl-dialog button.close-viewer');
    expect(ui.b.errors.join('\n')).toBe('');
  }, 300_000);
});
