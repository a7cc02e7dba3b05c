/**
 * The composer's sketch pad: a canvas with a problem's domain (its default grid's aspect) where the
 * person marks supports (click), a load (click, or press and drag its direction) and keep-out
 * regions (drag a box), with a mouse, a pen or a finger (pointer events). Each change hands up the marks in domain coordinates (fractions of the width
 * and height from the top left) and the drawing as a PNG data URL; both go with the next message.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { call } from '../api.ts';

export type Mark =
  | { kind: 'support'; x: number; y: number }
  | { kind: 'load'; x: number; y: number; dx?: number; dy?: number }
  | { kind: 'keepout'; x0: number; y0: number; x1: number; y1: number };

export interface SketchValue {
  problem: string;
  marks: Mark[];
  png: string;
}

interface SketchInfo {
  model: string;
  readsImages: boolean;
  domains: { problem: string; title: string; width: number; height: number }[];
  maxMarks: number;
}

type Tool = 'support' | 'load' | 'keepout';
const TOOLS: [Tool, string][] = [
  ['support', 'Support'],
  ['load', 'Load'],
  ['keepout', 'Keep-out'],
];
const MAX_W = 520;
const MAX_H = 300;
/** Room around the domain for supports and load arrows drawn at its edges (marks stay inside the domain). */
export const MARGIN = 24;
const r3 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;

function draw(ctx: CanvasRenderingContext2D, w: number, h: number, marks: Mark[], preview: Mark | null) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#f1f5f9';
  ctx.fillRect(0, 0, w + 2 * MARGIN, h + 2 * MARGIN);
  // the domain, with its top left at (MARGIN, MARGIN)
  ctx.translate(MARGIN, MARGIN);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = '#94a3b8';
  ctx.lineWidth = 2;
  ctx.strokeRect(0, 0, w, h);
  for (const m of preview ? [...marks, preview] : marks) {
    if (m.kind === 'keepout') {
      ctx.fillStyle = 'rgba(100, 116, 139, 0.35)';
      ctx.strokeStyle = '#475569';
      const [x, y, ww, hh] = [m.x0 * w, m.y0 * h, (m.x1 - m.x0) * w, (m.y1 - m.y0) * h];
      ctx.fillRect(x, y, ww, hh);
      ctx.strokeRect(x, y, ww, hh);
    } else if (m.kind === 'support') {
      const [x, y] = [m.x * w, m.y * h];
      ctx.fillStyle = '#15803d';
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x - 8, y + 13);
      ctx.lineTo(x + 8, y + 13);
      ctx.closePath();
      ctx.fill();
    } else {
      // the arrow ends at the load's point, coming from the side it pushes from
      const [x, y] = [m.x * w, m.y * h];
      const [dx, dy] = [m.dx ?? 0, m.dy ?? 1];
      const [tx, ty] = [x - dx * 22, y - dy * 22];
      ctx.strokeStyle = '#dc2626';
      ctx.fillStyle = '#dc2626';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(tx, ty);
      ctx.lineTo(x, y);
      ctx.stroke();
      const a = Math.atan2(dy, dx);
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x - 10 * Math.cos(a - 0.45), y - 10 * Math.sin(a - 0.45));
      ctx.lineTo(x - 10 * Math.cos(a + 0.45), y - 10 * Math.sin(a + 0.45));
      ctx.closePath();
      ctx.fill();
      ctx.lineWidth = 2;
    }
  }
}

export function SketchPad({ onChange, onClose }: { onChange(v: SketchValue | null): void; onClose(): void }) {
  const [info, setInfo] = useState<SketchInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState('beams2d');
  const [tool, setTool] = useState<Tool>('load');
  const [marks, setMarks] = useState<Mark[]>([]);
  const [preview, setPreview] = useState<Mark | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const press = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => void call<SketchInfo>('/api/sketch').then(setInfo, (err: Error) => setError(err.message)), []);
  const domain = info?.domains.find((d) => d.problem === problem) ?? info?.domains[0];
  const scale = domain ? Math.min(MAX_W / domain.width, MAX_H / domain.height) : 1;
  /** The domain's size on the canvas, in pixels (the canvas adds MARGIN on every side). */
  const [w, h] = domain ? [Math.round(domain.width * scale), Math.round(domain.height * scale)] : [MAX_W, MAX_H / 2];

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    draw(ctx, w, h, marks, preview);
    if (!preview && domain) onChange(marks.length ? { problem: domain.problem, marks, png: c.toDataURL('image/png') } : null);
  }, [marks, preview, w, h, domain?.problem]);

  /** The pointer in domain coordinates (the canvas may be shown scaled; a point in the margin counts as the nearest edge). */
  const at = (e: MouseEvent) => {
    const rect = canvas.current!.getBoundingClientRect();
    const k = (w + 2 * MARGIN) / rect.width;
    return { x: Math.min(1, Math.max(0, ((e.clientX - rect.left) * k - MARGIN) / w)), y: Math.min(1, Math.max(0, ((e.clientY - rect.top) * k - MARGIN) / h)) };
  };
  const markFor = (from: { x: number; y: number }, to: { x: number; y: number }): Mark => {
    if (tool === 'support') return { kind: 'support', x: r3(from.x), y: r3(from.y) };
    if (tool === 'keepout') return { kind: 'keepout', x0: r3(Math.min(from.x, to.x)), y0: r3(Math.min(from.y, to.y)), x1: r3(Math.max(from.x, to.x)), y1: r3(Math.max(from.y, to.y)) };
    const [dx, dy] = [(to.x - from.x) * w, (to.y - from.y) * h];
    const len = Math.hypot(dx, dy);
    return len < 8 ? { kind: 'load', x: r3(from.x), y: r3(from.y), dx: 0, dy: 1 } : { kind: 'load', x: r3(from.x), y: r3(from.y), dx: Math.round((dx / len) * 1000) / 1000, dy: Math.round((dy / len) * 1000) / 1000 };
  };
  const full = info ? marks.length >= info.maxMarks : false;

  return (
    <div class="sketch-pad">
      <div class="sketch-tools">
        <select class="sketch-problem" value={domain?.problem ?? problem} onChange={(e) => (setProblem((e.target as HTMLSelectElement).value), setMarks([]))} aria-label="Problem domain">
          {(info?.domains ?? []).map((d) => (
            <option key={d.problem} value={d.problem}>
              {d.title} ({d.width}×{d.height})
            </option>
          ))}
        </select>
        {TOOLS.map(([t, label]) => (
          <button key={t} type="button" class={`sketch-tool ${tool === t ? 'active' : ''}`} data-tool={t} aria-pressed={tool === t} onClick={() => setTool(t)}>
            {label}
          </button>
        ))}
        <button type="button" class="sketch-undo" onClick={() => setMarks((m) => m.slice(0, -1))} disabled={!marks.length}>
          Undo
        </button>
        <button type="button" class="sketch-clear" onClick={() => setMarks([])} disabled={!marks.length}>
          Clear
        </button>
        <button type="button" class="sketch-close" onClick={onClose} title="Close the sketch pad (the sketch is not sent)">
          ✕
        </button>
      </div>
      <canvas
        ref={canvas}
        class="sketch-canvas"
        width={w + 2 * MARGIN}
        height={h + 2 * MARGIN}
        data-margin={MARGIN}
        style={{ width: `${w + 2 * MARGIN}px`, aspectRatio: `${w + 2 * MARGIN} / ${h + 2 * MARGIN}` }}
        onPointerDown={(e) => {
          if (full) return;
          canvas.current?.setPointerCapture?.(e.pointerId);
          press.current = at(e);
        }}
        onPointerMove={(e) => {
          if (press.current && tool !== 'support') setPreview(markFor(press.current, at(e)));
        }}
        onPointerUp={(e) => {
          const from = press.current;
          press.current = null;
          setPreview(null);
          if (!from) return;
          const m = markFor(from, at(e));
          if (m.kind === 'keepout' && (m.x1 - m.x0 < 0.01 || m.y1 - m.y0 < 0.01)) return;
          setMarks((list) => [...list, m]);
        }}
        onPointerCancel={() => {
          press.current = null;
          setPreview(null);
        }}
      />
      <div class="sketch-help muted">
        {error ??
          `${marks.length} mark${marks.length === 1 ? '' : 's'}${full ? ' (the most a sketch holds)' : ''} · support: click · load: click, or press and drag its direction · keep-out: drag a box. ` +
            (info ? (info.readsImages ? `The drawing goes to ${info.model} as an image, the marks as coordinates.` : `${info.model} reads no images: only the marks go, as coordinates.`) : '')}
      </div>
    </div>
  );
}
