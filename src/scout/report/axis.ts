/** Round figures for a chart's axis. Pure functions. */

/** Round figures from `lo` to `hi`, about `steps` apart: multiples of 1, 2 or 5 times a power of ten. */
export function ticks(lo: number, hi: number, steps = 5): number[] {
  const raw = (hi - lo) / steps || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6 + 0);
  return out;
}

/** `lo` and `hi` widened to the round figures around them. */
export function niceRange(lo: number, hi: number, steps = 5): [number, number] {
  const marks = ticks(lo, hi, steps);
  const step = marks.length > 1 ? marks[1]! - marks[0]! : 1;
  return [
    Math.min(marks[0] ?? lo, Math.floor(lo / step) * step),
    Math.max(marks.at(-1) ?? hi, Math.ceil(hi / step) * step),
  ];
}
