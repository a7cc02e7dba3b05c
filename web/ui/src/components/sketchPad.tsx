/**
 * The composer's sketch pad: a canvas with a problem's domain (its default grid's aspect) where the
 * person marks supports (click), a load (click, or press and drag its direction) and keep-out
 * regions (drag a box). Each change hands up the marks in domain coordinates (fractions of the width
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
const r3 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;

function draw(ctx: CanvasRenderingContext2D, w: number, h: number, marks: Mark[], preview: Mark | null) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = '#94a3b8';
  ctx.lineWidth = 2;
  ctx.strokeRect(1, 1, w - 2, h - 2);
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
      ctx.lineTo(x - 9, y + 14);
      ctx.lineTo(x + 9, y + 14);
      ctx.closePath();
      ctx.fill();
    } else {
      const [x, y] = [m.x * w, m.y * h];
      const [dx, dy] = [m.dx ?? 0, m.dy ?? 1];
      const [tx, ty] = [x - dx * 40, y - dy * 40];
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
      ctx.lineTo(x - 12 * Math.cos(a - 0.4), y - 12 * Math.sin(a - 0.4));
      ctx.lineTo(x - 12 * Math.cos(a + 0.4), y - 12 * Math.sin(a + 0.4));
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
  const [w, h] = domain ? [Math.round(domain.width * scale), Math.round(domain.height * scale)] : [MAX_W, MAX_H / 2];

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    draw(ctx, w, h, marks, preview);
    if (!preview && domain) onChange(marks.length ? { problem: domain.problem, marks, png: c.toDataURL('image/png') } : null);
  }, [marks, preview, w, h, domain?.problem]);

  const at = (e: MouseEvent) => {
    const rect = canvas.current!.getBoundingClientRect();
    return { x: (e.clientX - rect.left) / rect.width, y: (e.clientY - rect.top) / rect.height };
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
        width={w}
        height={h}
        style={{ width: `${w}px`, height: `${h}px` }}
        onMouseDown={(e) => {
          if (full) return;
          press.current = at(e);
        }}
        onMouseMove={(e) => {
          if (press.current && tool !== 'support') setPreview(markFor(press.current, at(e)));
        }}
        onMouseUp={(e) => {
          const from = press.current;
          press.current = null;
          setPreview(null);
          if (!from) return;
          const m = markFor(from, at(e));
          if (m.kind === 'keepout' && (m.x1 - m.x0 < 0.01 || m.y1 - m.y0 < 0.01)) return;
          setMarks((list) => [...list, m]);
        }}
        onMouseLeave={() => {
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
