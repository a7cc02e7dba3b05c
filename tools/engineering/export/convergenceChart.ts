/**
 * Convergence chart: objective value(s) against optimizer step, as hand-written SVG (and PNG via
 * resvg). One stacked plot per objective, sharing the step axis, with ticks, grid, labels and the
 * final value. The y axis turns logarithmic ('auto') when all values are positive and span more
 * than two decades.
 */
import type { Objective, OptiStep } from '../problem.ts';
import { formatTick, linearTicks, logTicks } from './ticks.ts';
import { fx, svgDocument, svgText, svgToPng, type RasterOptions } from './svg.ts';

export interface ConvergenceOptions extends RasterOptions {
  /** true: log y axis (when all values are positive); 'auto' (default): log when span > 100×. */
  logY?: boolean | 'auto';
  /** Chart width in px (default 680). */
  chartWidth?: number;
  /** Height of each objective's plot in px (default 230). */
  plotHeight?: number;
}

const M = { left: 84, right: 24, top: 50, gap: 64, bottom: 48 };

interface Scale {
  lo: number;
  hi: number;
  log: boolean;
  /** Value → fraction of the axis from its low end. */
  frac(v: number): number;
}

function makeScale(lo: number, hi: number, log: boolean): Scale {
  if (log) {
    const a = Math.log10(lo), b = Math.log10(hi);
    const pad = (b - a) * 0.04 || 0.5;
    const [l, h] = [a - pad, b + pad];
    return { lo: 10 ** l, hi: 10 ** h, log, frac: (v) => (Math.log10(v) - l) / (h - l) };
  }
  const pad = (hi - lo) * 0.06 || Math.abs(lo) * 0.1 || 1;
  const [l, h] = [lo - pad, hi + pad];
  return { lo: l, hi: h, log, frac: (v) => (v - l) / (h - l) };
}

function chooseLog(values: number[], logY: ConvergenceOptions['logY']): boolean {
  if (!values.length || values.some((v) => v <= 0)) return false;
  if (logY === true) return true;
  if (logY === false) return false;
  return Math.max(...values) / Math.min(...values) > 100;
}

function objectiveNames(history: OptiStep[], objectives: readonly (Objective | string)[]): string[] {
  const n = Math.max(objectives.length, ...history.map((h) => h.objectives.length), 1);
  return Array.from({ length: n }, (_, i) => {
    const o = objectives[i];
    return o === undefined ? `objective ${i + 1}` : typeof o === 'string' ? o : o.name;
  });
}

export function convergenceSvg(history: OptiStep[], objectives: readonly (Objective | string)[], title: string, opts: ConvergenceOptions = {}): string {
  const width = opts.chartWidth ?? 680;
  const ph = opts.plotHeight ?? 230;
  const names = objectiveNames(history, objectives);
  const pw = width - M.left - M.right;
  const height = M.top + names.length * ph + (names.length - 1) * M.gap + M.bottom;
  const steps = history.map((h) => h.step);
  const sLo = steps.length ? Math.min(...steps) : 0, sHi = steps.length ? Math.max(...steps) : 1;
  const x = makeScale(sLo === sHi ? sLo - 0.5 : sLo, sLo === sHi ? sHi + 0.5 : sHi, false);
  const body = [svgText(width / 2, 25, title, { size: 16, anchor: 'middle', weight: 'bold' })];
  names.forEach((name, i) => {
    const top = M.top + i * (ph + M.gap);
    const isLast = i === names.length - 1;
    body.push(...plotSvg(history, i, name, { left: M.left, top, pw, ph, x, opts, xLabel: isLast }));
  });
  return svgDocument(width, height, body);
}

interface PlotBox {
  left: number;
  top: number;
  pw: number;
  ph: number;
  x: Scale;
  opts: ConvergenceOptions;
  xLabel: boolean;
}

function plotSvg(history: OptiStep[], i: number, name: string, b: PlotBox): string[] {
  const pts = history.map((h) => [h.step, h.objectives[i]] as const);
  const finite = pts.filter(([, v]) => Number.isFinite(v)).map(([, v]) => v);
  const log = chooseLog(finite, b.opts.logY);
  const lo = finite.length ? Math.min(...finite) : 0, hi = finite.length ? Math.max(...finite) : 1;
  const y = makeScale(lo, hi, log);
  const px = (s: number) => b.left + b.x.frac(s) * b.pw;
  const py = (v: number) => b.top + (1 - y.frac(v)) * b.ph;
  const out = [`<g data-objective="${name.replace(/"/g, '')}" data-scale="${log ? 'log' : 'linear'}" data-points="${finite.length}">`];
  const yTicks = log ? logTicks(y.lo, y.hi) : linearTicks(y.lo, y.hi, 5);
  for (const t of yTicks) {
    out.push(`<line x1="${b.left}" y1="${fx(py(t))}" x2="${b.left + b.pw}" y2="${fx(py(t))}" stroke="#e4e4e4" stroke-width="1"/>`);
    out.push(`<line x1="${b.left - 5}" y1="${fx(py(t))}" x2="${b.left}" y2="${fx(py(t))}" stroke="#333" stroke-width="1"/>`);
    out.push(svgText(b.left - 8, py(t), formatTick(t), { size: 11, anchor: 'end', baseline: 'middle' }));
  }
  const xTicks = linearTicks(b.x.lo, b.x.hi, 8).filter((t) => Number.isInteger(t));
  for (const t of xTicks) {
    out.push(`<line x1="${fx(px(t))}" y1="${b.top + b.ph}" x2="${fx(px(t))}" y2="${b.top + b.ph + 5}" stroke="#333" stroke-width="1"/>`);
    out.push(svgText(px(t), b.top + b.ph + 18, formatTick(t), { size: 11, anchor: 'middle' }));
  }
  out.push(`<rect x="${b.left}" y="${b.top}" width="${b.pw}" height="${b.ph}" fill="none" stroke="#333" stroke-width="1"/>`);
  out.push(svgText(b.left - 62, b.top + b.ph / 2, log ? `${name} (log)` : name, { size: 12, anchor: 'middle', rotate: -90 }));
  if (b.xLabel) out.push(svgText(b.left + b.pw / 2, b.top + b.ph + 38, 'step', { size: 12, anchor: 'middle' }));
  out.push(...lineSvg(pts, px, py));
  const last = [...pts].reverse().find(([, v]) => Number.isFinite(v));
  const note = last ? `final ${Number(last[1].toPrecision(6))} at step ${last[0]}` : 'no finite values recorded';
  out.push(svgText(b.left + b.pw, b.top - 7, note, { size: 11, anchor: 'end', fill: '#1f4e9a' }));
  out.push('</g>');
  return out;
}

/** The data line, broken at non-finite values, with markers when points are few. */
function lineSvg(pts: (readonly [number, number])[], px: (s: number) => number, py: (v: number) => number): string[] {
  let d = '';
  let pen = false;
  for (const [s, v] of pts) {
    if (!Number.isFinite(v)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${fx(px(s))} ${fx(py(v))} `;
    pen = true;
  }
  const out = d ? [`<path d="${d.trim()}" fill="none" stroke="#1f4e9a" stroke-width="2" stroke-linejoin="round"/>`] : [];
  if (pts.length <= 40) {
    for (const [s, v] of pts) if (Number.isFinite(v)) out.push(`<circle cx="${fx(px(s))}" cy="${fx(py(v))}" r="2.5" fill="#1f4e9a"/>`);
  }
  return out;
}

export function convergencePng(history: OptiStep[], objectives: readonly (Objective | string)[], title: string, opts: ConvergenceOptions = {}): Uint8Array {
  return svgToPng(convergenceSvg(history, objectives, title, opts), opts);
}
